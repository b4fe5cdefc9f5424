//===- CallSiteChecks.cpp - What a call site checks and passes -----------===//
#include "codegen/CallSiteChecks.h"

#include "codegen/KernelEmitter.h"
#include "codegen/RegionInterface.h"
#include "ir/StageView.h"

#include <algorithm>

namespace tilec {

using namespace ir;

std::string boundText(const std::string &Text, int64_t Value) {
  return Text.empty() ? std::to_string(Value) : "(" + Text + ")";
}

namespace {

/// The kernels index with the extents seen at translation time; a build
/// with other sizes (-DNX=...) must not compile.
void emitExtentAsserts(const StencilRegion &R, CodeWriter &W) {
  for (const Field &F : R.Fields) {
    if (!F.HostIsArray)
      continue;
    std::string Points = "(size_t)";
    if (!F.ComponentExtents.empty())
      Points += std::to_string(F.componentCount()) + " * ";
    for (unsigned A = 0; A < R.dims(); ++A)
      Points += (A ? " * " : "") + std::to_string(R.Axes[A].Extent);
    W.line("TILEC_STATIC_ASSERT(sizeof " + F.Name + " == " + Points +
           " * sizeof(" + elementTypeName(F.Type) + "), \"" + F.Name +
           " has other extents than tilec translated\");");
  }
}

std::string regionText(const StencilRegion &R) {
  return "stencil region " + R.Name + " (" + R.SourceFile + ":" +
         std::to_string(R.SourceLine) + ")";
}

/// A C string literal of `Text` (which holds no quote or backslash: names,
/// numbers and expressions of names).
std::string quoted(const std::string &Text) { return "\"" + Text + "\""; }

/// Extents known only at run time: each evaluated once, checked to fit an
/// int, and kept in a local under the name kernels use (`tilec_nx`), so
/// that the checks below and enter() read the same value; then every
/// array's byte count must fit in a size_t.
void emitExtentChecks(const StencilRegion &R, CodeWriter &W) {
  if (!R.runTimeExtents())
    return;
  std::string Region = quoted(regionText(R));
  const Field &First = R.Fields.front();
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    if (X.runTimeExtent())
      W.line("const int " + R.extentName(A) + " = tilec_check_extent(" +
             Region + ", " + quoted(First.Name) + ", " + quoted(R.axisName(A)) +
             ", " + quoted(X.ExtentText) + ", (long long)(" + X.ExtentText +
             "));");
  }
  // Streaming kernels with several points per work item index the lines
  // of their points and of the halo around them in int
  // (StreamedKernel::rowAccess).
  int64_t Lines = 1;
  auto Count = [&Lines](const Mapping &M) {
    if (M.StreamPoints > 1)
      Lines = std::max(Lines, M.StreamPoints +
                                  std::max(M.HaloMinus[1], M.HaloPlus[1]));
  };
  Count(R.Map);
  for (const StencilRegion::Variant &V : R.Variants)
    Count(V.Map);
  unsigned Line = R.dims() - 1;
  if (Lines > 1 && R.Axes[Line].runTimeExtent())
    W.line("tilec_check_lines(" + Region + ", " + quoted(First.Name) + ", " +
           quoted(R.axisName(Line)) + ", " + quoted(R.Axes[Line].ExtentText) +
           ", " + R.extentName(Line) + ", " + std::to_string(Lines) + ");");
  for (const Field &F : R.Fields) {
    std::string Args = Region + ", " + quoted(F.Name) + ", " +
                       std::to_string(F.componentCount());
    for (unsigned A = 0; A < MaxAxes; ++A)
      Args += ", " + (A < R.dims() ? R.extentName(A) : std::string("1"));
    W.line("(void)tilec_check_bytes(" + Args + ", sizeof(" +
           elementTypeName(F.Type) + "));");
  }
}

/// Loop ranges known only at run time, and ranges against extents known
/// only at run time, must lie where the stencil may update without
/// leaving the arrays: [Minus, extent - Plus) along each axis, Minus and
/// Plus the farthest the calc nest reads; a copy loop's inside the
/// extents.
void emitRangeChecks(const StencilRegion &R, CodeWriter &W) {
  std::string Region = quoted(regionText(R));
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    std::string Extent = R.extentName(A);
    std::string Axis = quoted(R.axisName(A));
    bool CalcRange =
        !X.LowerText.empty() || !X.UpperText.empty() || X.runTimeExtent();
    // A copy stage's view has an empty calc range.
    if (CalcRange && R.calcPoints() > 0) {
      Halo Reach = R.calcReach();
      int64_t Minus = Reach.Minus[A], Plus = Reach.Plus[A];
      std::string Reads;
      for (const Field &F : R.Fields)
        if (F.ReadInCalc && Reads.empty() &&
            (F.Reads.Minus[A] || F.Reads.Plus[A]))
          Reads = "calc reads '" + F.Name + "' from " +
                  std::to_string(F.Reads.Minus[A]) + " before to " +
                  std::to_string(F.Reads.Plus[A]) + " after each point and ";
      std::string Last =
          Plus ? "(long)" + Extent + " - " + std::to_string(Plus) : Extent;
      W.line("tilec_check_range(" + Region + ", " +
             quoted("calc loop over '" + X.LoopVariable + "'") + ", (long)" +
             boundText(X.LowerText, X.Lower) + ", (long)" +
             boundText(X.UpperText, X.Upper) + ", " + std::to_string(Minus) +
             ", " + Last + ", " + quoted(Reads) + ", " + Axis + ", " + Extent +
             ");");
    }
    // A copy loop with run-time bounds of its own, or with constant ones
    // against a run-time extent: inside the array. (With the calc loop's
    // own bounds it was checked with them.)
    const CopyNest &C = R.Copy;
    bool OwnBounds =
        (!C.LowerScalar[A].empty() && C.LowerScalar[A] != X.LowerScalar) ||
        (!C.UpperScalar[A].empty() && C.UpperScalar[A] != X.UpperScalar);
    if (C.Present &&
        (OwnBounds || (X.runTimeExtent() && C.UpperScalar[A].empty())))
      W.line("tilec_check_range(" + Region + ", " +
             quoted("copy loop over '" + X.LoopVariable + "'") + ", (long)" +
             boundText(C.LowerText[A], C.Lower[A]) + ", (long)" +
             boundText(C.UpperText[A], C.Upper[A]) + ", 0, " + Extent +
             ", \"\", " + Axis + ", " + Extent + ");");
  }
}

} // namespace

void emitSizeChecks(const StencilRegion &Region, CodeWriter &W) {
  emitExtentAsserts(Region, W);
  emitExtentChecks(Region, W);
  if (!Region.multiStage()) {
    emitRangeChecks(Region, W);
    return;
  }
  // Each stage's ranges against what its own reads allow.
  for (unsigned I = 0; I < Region.Stages.size(); ++I)
    emitRangeChecks(stageView(Region, I), W);
}

std::vector<std::string> calcScalarArguments(const StencilRegion &Nest) {
  std::vector<std::string> Args;
  for (const CapturedScalar &S : Nest.Scalars) {
    if (!passedPerStep(Nest, S)) {
      Args.push_back(scalarArgument(S));
      continue;
    }
    Args.push_back(S.PerStepExpression);
    for (int64_t Step = 1; Step < Nest.Map.TimeBlock; ++Step)
      Args.push_back(std::to_string(Step) + " < tilec_block ? " +
                     perStepExpressionAt(S, std::to_string(Step)) + " : 0");
  }
  return Args;
}

std::string scalarArgument(const CapturedScalar &S) {
  if (!S.PerStepExpression.empty())
    return S.PerStepExpression;
  if (S.BoundExpression.empty())
    return S.Name;
  // Kernels test one unsigned difference, which an empty range must keep
  // empty: lo == hi.
  std::string Value = "(int)(" + S.BoundExpression + ")";
  if (!S.BoundFloor.empty()) {
    std::string Lo = "(int)(" + S.BoundFloor + ")";
    return Value + " > " + Lo + " ? " + Value + " : " + Lo;
  }
  if (!S.BoundCeiling.empty()) {
    std::string Hi = "(int)(" + S.BoundCeiling + ")";
    return Value + " < " + Hi + " ? " + Value + " : " + Hi;
  }
  return Value;
}

} // namespace tilec
