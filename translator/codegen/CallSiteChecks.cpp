//===- CallSiteChecks.cpp - What a call site checks and passes -----------===//
#include "codegen/CallSiteChecks.h"

#include "codegen/KernelEmitter.h"

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

/// Loop ranges known only at run time must lie where the stencil may
/// update without leaving the arrays. A copy loop's run-time bounds are
/// the calc loop's own (settleRunTimeBounds), checked with them.
void emitRangeChecks(const StencilRegion &R, CodeWriter &W) {
  std::string Region = "stencil region " + R.Name + " (" + R.SourceFile + ":" +
                       std::to_string(R.SourceLine) + ")";
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    if (X.LowerText.empty() && X.UpperText.empty())
      continue;
    std::string Why = "its extent along " + std::string(R.axisName(A)) +
                      " is " + std::to_string(X.Extent);
    for (const Field &F : R.Fields)
      if (F.ReadInCalc && (F.Reads.Minus[A] || F.Reads.Plus[A])) {
        Why = "calc reads '" + F.Name + "' from " +
              std::to_string(F.Reads.Minus[A]) + " before to " +
              std::to_string(F.Reads.Plus[A]) + " after each point and " + Why;
        break;
      }
    W.line("tilec_check_range(\"" + Region + "\", \"calc loop over '" +
           X.LoopVariable + "'\", (long)" + boundText(X.LowerText, X.Lower) +
           ", (long)" + boundText(X.UpperText, X.Upper) + ", " +
           std::to_string(X.Lower) + ", " + std::to_string(X.Upper) + ", \"" +
           Why + "\");");
  }
}

} // namespace

void emitSizeChecks(const StencilRegion &Region, CodeWriter &W) {
  emitExtentAsserts(Region, W);
  emitRangeChecks(Region, W);
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
