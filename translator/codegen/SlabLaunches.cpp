//===- SlabLaunches.cpp - A region's launches over several slabs ---------===//
//
// The region's calc, copy and stage functions over its slabs
// (SlabHostWriter.h): each slab runs its own part of the nest's range along
// axis 0, then the slabs exchange the halo rows of what the launch wrote.
//
// One step per launch (T = 1, or a stage of an unfused step) computes only
// the rows a slab owns, so a reduction counts each point once. A launch of
// several steps, or of several stages that read each other's results,
// computes every row whose reads lie in the slab: the rows it gets wrong
// near the slab's ends (stale neighbours) are the halo's, and the owned
// rows are right after the last step. A streaming kernel instead writes
// only the rows its slab owns, in parts (StencilRegion::LaunchParts): the
// rows the neighbours read first, so that the exchange overlaps the rest.
//
//===----------------------------------------------------------------------===//
#include "codegen/SlabHostWriter.h"

#include "ir/StageView.h"
#include "rules/MappingRules.h"

#include <algorithm>

namespace tilec {

using namespace ir;

namespace {

/// A bound along axis 0 as the wrapper knows it: its scalar parameter,
/// else the constant.
std::string globalBound(const std::string &Scalar, int64_t Constant) {
  return Scalar.empty() ? std::to_string(Constant) : Scalar;
}

} // namespace

void SlabHostWriter::localRange(const std::string &Name,
                                const std::string &Lower,
                                const std::string &Upper,
                                const std::string &From,
                                const std::string &To) {
  std::string Lo = Name + "_lower", Hi = Name + "_upper";
  W.line("const int " + Lo + " = (" + Lower + " > " + From + " ? " + Lower +
         " : " + From + ") - " + member("tilec_low") + ";");
  W.line("int " + Hi + " = (" + Upper + " < " + To + " ? " + Upper + " : " +
         To + ") - " + member("tilec_low") + ";");
  W.line("if (" + Hi + " < " + Lo + ")");
  W.indent().line(Hi + " = " + Lo + ";").dedent();
}

void SlabHostWriter::nestRange(const std::string &Name,
                               const std::string &Lower,
                               const std::string &Upper, ir::Halo Reach,
                               bool Owned) {
  if (Owned)
    localRange(Name, Lower, Upper, member("tilec_first"), member("tilec_last"));
  else
    localRange(Name, Lower, Upper,
               member("tilec_low") + " + " + std::to_string(Reach.Minus[0]),
               member("tilec_high") + " - " + std::to_string(Reach.Plus[0]));
}

void SlabHostWriter::copyRange(std::map<std::string, std::string> &Local) {
  W.line("/* A copy reads only its own point: every row the slab holds. */");
  const CopyNest &C = R.Copy;
  localRange("tilec_copy", globalBound(C.LowerScalar[0], C.Lower[0]),
             globalBound(C.UpperScalar[0], C.Upper[0]), member("tilec_low"),
             member("tilec_high"));
  Local[S.Copy.LowerScalar[0]] = "tilec_copy_lower";
  Local[S.Copy.UpperScalar[0]] = "tilec_copy_upper";
}

void SlabHostWriter::calc() {
  open(HostFunction::Calc, R,
       "Runs region " + R.Name +
           "'s calc on every slab, then exchanges the halo rows of what it "
           "wrote.");
  openSlabLoop();
  std::map<std::string, std::string> Local;
  if (R.multiStage()) {
    SlabHalo Window = slabWindow(R);
    W.line("/* Every stage of up to " + std::to_string(R.Map.TimeBlock) +
           " steps per launch: the rows of one window, the stages' widest "
           "reach in from each end of the slab but the grid's. */");
    W.line("const int tilec_calc_lower = " + member("tilec_low") + " > 0 ? " +
           std::to_string(Window.Below) + " : 0;");
    W.line("const int tilec_calc_upper = " + heldRows() + " - (" +
           member("tilec_high") + " < tilec_region->tilec_rows ? " +
           std::to_string(Window.Above) + " : 0);");
  } else {
    const Axis &X = R.Axes[0];
    std::string Lower = globalBound(X.LowerScalar, X.Lower);
    std::string Upper = globalBound(X.UpperScalar, X.Upper);
    int64_t T = slabTimeBlock(R);
    if (S.LaunchParts) {
      W.line("/* " +
             (T == 1 ? std::string("One step")
                     : "Up to " + std::to_string(T) + " steps") +
             " per launch, computed on every row whose reads lie in the slab "
             "and written to the rows the slab owns. */");
      nestRange("tilec_calc", Lower, Upper, R.calcReach(), false);
      launchParts(Lower, Upper, Local);
    } else {
      bool Owned = T == 1;
      if (Owned)
        W.line("/* One step per launch: the rows the slab owns. */");
      else
        W.line("/* Up to " + std::to_string(T) +
               " steps per launch: every row whose reads lie in the slab. */");
      nestRange("tilec_calc", Lower, Upper, R.calcReach(), Owned);
    }
    // A ping-pong pair's copy nest is its second sweep, over the same rows.
    if (!R.PingPong && !copyBoundScalars(S).empty())
      copyRange(Local);
  }
  Local[S.Axes[0].LowerScalar] = "tilec_calc_lower";
  Local[S.Axes[0].UpperScalar] = "tilec_calc_upper";
  callSlab(HostFunction::Calc, R, S, Local);
  W.close();
  exchange(slabExchangedFields(R));
  close();
}

void SlabHostWriter::launchParts(const std::string &Lower,
                                 const std::string &Upper,
                                 std::map<std::string, std::string> &Local) {
  localRange("tilec_rows", Lower, Upper, member("tilec_first"),
             member("tilec_last"));
  // The neighbour below reads the slab's first Halo.Above rows, the one
  // above its last Halo.Below. Both edge parts are as wide as the wider,
  // so that the rest reads only rows the slab owns while the copies write
  // its halo.
  std::string Edge = std::to_string(std::max(Halo.Below, Halo.Above));
  W.line("/* Of those, the first " + Edge + " and the last " + Edge +
         " go first (the neighbours read them, and they read the halo); the "
         "exchange copies them while the rest runs. */");
  std::string Owned = "tilec_rows_upper - tilec_rows_lower";
  W.line(std::string("int tilec_rows_below = ") + Slab + " > 0 ? " +
         member("tilec_first") + " - " + member("tilec_low") + " + " + Edge +
         " - tilec_rows_lower : 0;");
  W.line(std::string("int tilec_rows_above = ") + Slab +
         " + 1 < tilec_region->tilec_slabs ? tilec_rows_upper - (" +
         member("tilec_last") + " - " + member("tilec_low") + " - " + Edge +
         ") : 0;");
  W.line("tilec_rows_below = tilec_rows_below < 0 ? 0 : tilec_rows_below > " +
         Owned + " ? " + Owned + " : tilec_rows_below;");
  W.line("tilec_rows_above = tilec_rows_above < 0 ? 0 : tilec_rows_above > " +
         Owned + " - tilec_rows_below ? " + Owned +
         " - tilec_rows_below : tilec_rows_above;");
  Local[LaunchPartParams::First] = "tilec_rows_lower";
  Local[LaunchPartParams::End] = "tilec_rows_upper";
  Local[LaunchPartParams::Below] = "tilec_rows_below";
  Local[LaunchPartParams::Above] = "tilec_rows_above";
}

void SlabHostWriter::copy() {
  open(HostFunction::Copy, R,
       "The copy nest of region " + R.Name + ", on every slab.");
  openSlabLoop();
  std::map<std::string, std::string> Local;
  if (!copyBoundScalars(S).empty())
    copyRange(Local);
  callSlab(HostFunction::Copy, R, S, Local);
  W.close();
  W.line(D.useSlab("0"));
  close();
}

void SlabHostWriter::stage(unsigned Index) {
  const Stage &St = R.Stages[Index];
  StencilRegion Nest = stageView(R, Index);
  StencilRegion SlabNest = stageView(S, Index);
  bool Copy = St.StageKind == Stage::Copy;
  HostFunction F = Copy ? HostFunction::Copy : HostFunction::Calc;
  if (!hasHostFunction(Nest, F))
    return;
  std::string Where = R.SourceFile + ":" + std::to_string(St.SourceLine) +
                      " (a stage of " + R.Name + ")";
  open(F, Nest,
       Copy ? "The copy nest of " + Where +
                  " on every slab: every row it holds, as a copy reads only "
                  "its own point."
            : "The calc nest of " + Where +
                  " on every slab, the rows it owns; then the halo rows of "
                  "what it wrote.");
  openSlabLoop();
  std::string Lower = globalBound(St.LowerScalar[0], St.Lower[0]);
  std::string Upper = globalBound(St.UpperScalar[0], St.Upper[0]);
  std::string Name = Copy ? "tilec_copy" : "tilec_calc";
  if (Copy)
    localRange(Name, Lower, Upper, member("tilec_low"), member("tilec_high"));
  else
    nestRange(Name, Lower, Upper, stageRadius(St, R.dims()), true);
  const Stage &SlabStage = S.Stages[Index];
  callSlab(F, Nest, SlabNest,
           {{SlabStage.LowerScalar[0], Name + "_lower"},
            {SlabStage.UpperScalar[0], Name + "_upper"}});
  W.close();
  if (Copy)
    W.line(D.useSlab("0"));
  else
    exchange(slabExchangedFields(R, static_cast<int>(Index)));
  close();
}

} // namespace tilec
