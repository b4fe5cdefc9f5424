//===- SlabHost.cpp - A region's host functions over several slabs -------===//
//
// The region's enter, calc, copy and leave (RegionInterface.h), with the
// signatures the call site expects, cut the grid into one slab per device
// along axis 0 and call the slab view's functions (SlabView.h) on each slab
// with its local rows, range and host pointers; after each calc they
// exchange the halo rows of the fields it wrote between neighbouring slabs.
// With one slab they run the whole grid as one.
//
//===----------------------------------------------------------------------===//
#include "codegen/SlabHost.h"

#include "codegen/CodeWriter.h"
#include "codegen/RegionInterface.h"
#include "ir/SlabView.h"

#include <map>
#include <set>

namespace tilec {

using namespace ir;

namespace {

/// Writes the region's functions over its slabs.
class SlabHostWriter {
public:
  SlabHostWriter(const StencilRegion &R, const HostDialect &D)
      : R(R), S(slabView(R)), D(D), Halo(slabHalo(R)) {}

  std::string run() {
    enter();
    if (hasHostFunction(R, HostFunction::Calc))
      calc();
    if (hasHostFunction(R, HostFunction::Copy))
      copy();
    leave();
    return W.str();
  }

private:
  const StencilRegion &R;
  StencilRegion S;
  const HostDialect &D;
  SlabHalo Halo;
  CodeWriter W;

  static constexpr const char *Slab = "tilec_s";

  std::string member(const std::string &Name, bool PerSlab = true) const {
    return "tilec_region->" + Name +
           (PerSlab ? std::string("[") + Slab + "]" : "");
  }
  std::string slab(const std::string &Index = Slab) const {
    return "tilec_region->tilec_slab[" + Index + "]";
  }
  /// Bytes of one row along axis 0 of field `I`.
  std::string rowBytes(unsigned I) const {
    return "tilec_region->tilec_plane * sizeof(" +
           std::string(elementTypeName(R.Fields[I].Type)) + ")";
  }

  void open(HostFunction F, const std::string &Comment) {
    W.line("/* " + Comment + " */");
    W.open(D.functionQualifier() + " " + hostFunctionSignature(R, F));
  }
  void close() {
    W.close();
    W.line();
  }
  /// `for (tilec_s ...) {` with the slab's device current.
  void openSlabLoop() {
    W.open(std::string("for (int ") + Slab + " = 0; " + Slab +
           " < tilec_region->tilec_slabs; " + Slab + "++)");
    W.line(D.useSlab(Slab));
  }

  /// The call of the slab's `F`: each of its parameters is the wrapper's of
  /// the same name, unless `Local` gives the slab's own value.
  void callSlab(HostFunction F,
                const std::map<std::string, std::string> &Local) {
    std::set<std::string> Own;
    for (const HostParam &P : hostFunctionParams(R, F))
      Own.insert(P.Name);
    std::string Args;
    for (const HostParam &P : hostFunctionParams(S, F)) {
      std::string Value;
      if (P.Name == "tilec_region")
        Value = "&" + slab();
      else if (auto It = Local.find(P.Name); It != Local.end())
        Value = It->second;
      else if (Own.count(P.Name))
        Value = P.Name;
      else
        Value = "0"; // a bound this function's kernels do not use
      Args += (Args.empty() ? "" : ", ") + Value;
    }
    W.line(hostFunctionName(S, F) + "(" + Args + ");");
  }

  /// Each host array's rows of this slab.
  std::map<std::string, std::string> hostRows(bool Const) const {
    std::map<std::string, std::string> Rows;
    for (unsigned I = 0; I < R.Fields.size(); ++I)
      Rows[R.Fields[I].Name] = std::string("(") + (Const ? "const " : "") +
                               "char *)" + R.Fields[I].Name + " + (size_t)" +
                               member("tilec_low") + " * " + rowBytes(I);
    return Rows;
  }

  void enter();
  void calc();
  void copy();
  void leave();
  void exchange(const std::vector<unsigned> &Fields);
  /// The slab's copy range (every row it holds) as tilec_copy_lower/upper.
  void copyRange();
  /// `[max(Lower, From), min(Upper, To))` minus the slab's first row, as
  /// `Name`_lower and `Name`_upper; an empty range as lower == upper.
  void localRange(const std::string &Name, const std::string &Lower,
                  const std::string &Upper, const std::string &From,
                  const std::string &To);
};

void SlabHostWriter::enter() {
  open(HostFunction::Enter,
       "Cuts region " + R.Name + "'s grid into one slab per device along " +
           R.axisName(0) +
           ", allocates each slab's rows and halo and copies "
           "them in.");
  std::string Rows = R.Axes[0].runTimeExtent()
                         ? R.extentName(0)
                         : std::to_string(R.Axes[0].Extent);
  // Points per row: a number when the inner extents are constants.
  int64_t Known = 1;
  std::string Plane;
  for (unsigned A = 1; A < R.dims(); ++A) {
    if (R.Axes[A].runTimeExtent())
      Plane += " * " + R.extentName(A);
    else
      Known *= R.Axes[A].Extent;
  }
  Plane = "(size_t)" + std::to_string(Known) + Plane;
  W.line("const int tilec_slabs = " + D.slabCount() + ";");
  W.line("tilec_region->tilec_slabs = tilec_slabs;");
  W.line("tilec_region->tilec_plane = " + Plane + ";");
  W.open(std::string("for (int ") + Slab + " = 0; " + Slab +
         " < tilec_slabs; " + Slab + "++)");
  W.line("/* The slab owns rows [first, last); it also holds the " +
         std::to_string(Halo.Below) + " below and " +
         std::to_string(Halo.Above) + " above that a launch reads. */");
  W.line("const int tilec_first = (int)((long)" + Rows + " * " + Slab +
         " / tilec_slabs);");
  W.line("const int tilec_last = (int)((long)" + Rows + " * (" + Slab +
         " + 1) / tilec_slabs);");
  W.line("tilec_check_slab(\"stencil region " + R.Name + " (" + R.SourceFile +
         ":" + std::to_string(R.SourceLine) + ")\", \"" + R.axisName(0) +
         "\", " + Slab + ", tilec_slabs, tilec_first, tilec_last, " + Rows +
         ", " + std::to_string(std::max(Halo.Below, Halo.Above)) + ");");
  W.line(member("tilec_first") + " = tilec_first;");
  W.line(member("tilec_last") + " = tilec_last;");
  W.line(member("tilec_low") +
         " = tilec_first >= " + std::to_string(Halo.Below) +
         " ? tilec_first - " + std::to_string(Halo.Below) + " : 0;");
  W.line(member("tilec_high") + " = " + Rows +
         " - tilec_last >= " + std::to_string(Halo.Above) + " ? tilec_last + " +
         std::to_string(Halo.Above) + " : " + Rows + ";");
  W.close();
  openSlabLoop();
  std::map<std::string, std::string> Local = hostRows(true);
  Local[S.extentName(0)] = member("tilec_high") + " - " + member("tilec_low");
  callSlab(HostFunction::Enter, Local);
  W.close();
  W.line(D.useSlab("0"));
  close();
}

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

void SlabHostWriter::calc() {
  open(HostFunction::Calc, "Runs region " + R.Name +
                               "'s calc on every slab, then exchanges the "
                               "halo rows of what it wrote.");
  const Axis &X = R.Axes[0];
  std::string Lower =
      X.LowerScalar.empty() ? std::to_string(X.Lower) : X.LowerScalar;
  std::string Upper =
      X.UpperScalar.empty() ? std::to_string(X.Upper) : X.UpperScalar;
  openSlabLoop();
  if (R.Map.TimeBlock == 1) {
    W.line("/* One step per launch: the rows the slab owns. */");
    localRange("tilec_calc", Lower, Upper, member("tilec_first"),
               member("tilec_last"));
  } else {
    W.line("/* Up to " + std::to_string(R.Map.TimeBlock) +
           " steps per launch: every row whose reads lie in the slab, so "
           "that the rows it owns are right after the last step. */");
    localRange(
        "tilec_calc", Lower, Upper,
        member("tilec_low") + " + " + std::to_string(R.calcReach().Minus[0]),
        member("tilec_high") + " - " + std::to_string(R.calcReach().Plus[0]));
  }
  std::map<std::string, std::string> Local = {
      {S.Axes[0].LowerScalar, "tilec_calc_lower"},
      {S.Axes[0].UpperScalar, "tilec_calc_upper"}};
  if (!copyBoundScalars(S).empty()) {
    copyRange();
    Local[S.Copy.LowerScalar[0]] = "tilec_copy_lower";
    Local[S.Copy.UpperScalar[0]] = "tilec_copy_upper";
  }
  callSlab(HostFunction::Calc, Local);
  W.close();
  std::vector<unsigned> Written;
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    bool CopyTarget = false;
    for (const CopyAssignment &C : R.Copy.Assignments)
      CopyTarget |=
          C.TargetField == I && R.Copy.Strategy == CopyStrategy::Kernel;
    if (R.Fields[I].WrittenInCalc || CopyTarget)
      Written.push_back(I);
  }
  exchange(Written);
  close();
}

void SlabHostWriter::copyRange() {
  W.line("/* A copy reads only its own point: every row the slab holds. */");
  const CopyNest &C = R.Copy;
  std::string Lower =
      C.LowerScalar[0].empty() ? std::to_string(C.Lower[0]) : C.LowerScalar[0];
  std::string Upper =
      C.UpperScalar[0].empty() ? std::to_string(C.Upper[0]) : C.UpperScalar[0];
  localRange("tilec_copy", Lower, Upper, member("tilec_low"),
             member("tilec_high"));
}

void SlabHostWriter::copy() {
  open(HostFunction::Copy,
       "The copy nest of region " + R.Name + ", on every slab.");
  openSlabLoop();
  std::map<std::string, std::string> Local;
  if (!copyBoundScalars(S).empty()) {
    copyRange();
    Local[S.Copy.LowerScalar[0]] = "tilec_copy_lower";
    Local[S.Copy.UpperScalar[0]] = "tilec_copy_upper";
  }
  callSlab(HostFunction::Copy, Local);
  W.close();
  W.line(D.useSlab("0"));
  close();
}

void SlabHostWriter::exchange(const std::vector<unsigned> &Fields) {
  W.line("/* Each slab's halo rows from the neighbour that owns them. */");
  W.open(std::string("for (int ") + Slab + " = 1; " + Slab +
         " < tilec_region->tilec_slabs; " + Slab + "++)");
  W.line("const int tilec_below = " + std::string(Slab) + " - 1;");
  std::string Low = member("tilec_low"), First = member("tilec_first");
  std::string BelowLow = "tilec_region->tilec_low[tilec_below]";
  std::string BelowLast = "tilec_region->tilec_last[tilec_below]";
  std::string BelowHigh = "tilec_region->tilec_high[tilec_below]";
  for (unsigned I : Fields) {
    const std::string &Name = R.Fields[I].Name;
    std::string Row = "(size_t)(" + rowBytes(I) + ")";
    std::string Here = slab() + "." + bufferMember(S, I);
    std::string There = slab("tilec_below") + "." + bufferMember(S, I);
    W.line(D.useSlab(Slab));
    W.line(D.copyBetween(Here, Slab, "0", There, "tilec_below",
                         "(size_t)(" + Low + " - " + BelowLow + ") * " + Row,
                         "(size_t)(" + First + " - " + Low + ") * " + Row,
                         Name + " halo"));
    W.line(D.useSlab("tilec_below"));
    W.line(D.copyBetween(
        There, "tilec_below",
        "(size_t)(" + BelowLast + " - " + BelowLow + ") * " + Row, Here, Slab,
        "(size_t)(" + BelowLast + " - " + Low + ") * " + Row,
        "(size_t)(" + BelowHigh + " - " + BelowLast + ") * " + Row,
        Name + " halo"));
  }
  W.close();
  W.line(D.useSlab("0"));
}

void SlabHostWriter::leave() {
  open(HostFunction::Leave, "Copies back what region " + R.Name +
                                " wrote from every slab and frees its "
                                "buffers.");
  openSlabLoop();
  callSlab(HostFunction::Leave, hostRows(false));
  W.close();
  W.line(D.useSlab("0"));
  close();
}

} // namespace

std::string emitSlabRegionStructs(const StencilRegion &Region,
                                  const HostDialect &Dialect) {
  StencilRegion Slab = slabView(Region);
  CodeWriter W;
  W.line("/* Region " + Region.Name + " cut into slabs along " +
         Region.axisName(0) + ", one per device (TILEC_DEVICES). */");
  W.open(regionStructName(Region));
  W.line("int tilec_slabs;");
  W.line("size_t tilec_plane; /* points per row along " +
         std::string(Region.axisName(0)) + " */");
  W.line("int tilec_first[TILEC_MAX_SLABS], tilec_last[TILEC_MAX_SLABS]; "
         "/* the rows each slab owns */");
  W.line("int tilec_low[TILEC_MAX_SLABS], tilec_high[TILEC_MAX_SLABS]; "
         "/* the rows it holds */");
  W.line(regionStructName(Slab) + " tilec_slab[TILEC_MAX_SLABS];");
  W.close(";");
  return emitRegionStruct(Slab, Dialect) + "\n" + W.str();
}

std::string emitSlabHostFunctions(const StencilRegion &Region,
                                  const HostDialect &Dialect) {
  return emitHostFunctions(slabView(Region), Dialect) +
         SlabHostWriter(Region, Dialect).run();
}

} // namespace tilec
