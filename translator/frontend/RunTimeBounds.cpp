//===- RunTimeBounds.cpp - Loop bounds known only at run time ------------===//
//
// `for (i = 1; i < imax - 1; i++)` with `imax` set at run time: the bound
// travels to kernels in an int scalar, the launches cover the widest range
// the stencil's reads allow inside the extents, and the call site checks
// the actual range against that before any device work.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include <algorithm>

namespace tilec {

using namespace ir;

bool RegionBuilder::recordRunTimeBounds(const CanonicalLoop &L,
                                        const char *NestName, unsigned A,
                                        bool Copy) {
  if (!L.runTime())
    return true;
  for (const clang::Expr *E : {L.LowerExpr, L.UpperExpr}) {
    if (!E)
      continue;
    for (const clang::VarDecl *V : variablesIn(E))
      if (firstWriteOf(V, B.TimeLoop.Loop)) {
        Diags.report(E->getBeginLoc(), Diag::BoundVariableWritten)
            << NestName << L.Variable->getName() << V->getName();
        return false;
      }
  }
  std::string Var = L.Variable->getName().str();
  // Kernels test (unsigned)(v - lo) < hi - lo, so an empty range must
  // arrive as lo == hi: a run-time upper bound is passed as max(hi, lo),
  // a run-time lower bound below a constant upper one as min(lo, hi).
  std::string Lower =
      L.LowerExpr
          ? boundScalar(L.LowerText, L.UpperExpr ? "" : std::to_string(L.Upper),
                        /*Floor=*/"", "tilec_" + Var + "_lower")
          : "";
  std::string Floor = L.LowerExpr ? L.LowerText : std::to_string(L.Lower);
  std::string Upper = L.UpperExpr
                          ? boundScalar(L.UpperText, /*Ceiling=*/"", Floor,
                                        "tilec_" + Var + "_upper")
                          : "";
  if (Copy) {
    R.Copy.LowerText[A] = L.LowerText;
    R.Copy.UpperText[A] = L.UpperText;
    R.Copy.LowerScalar[A] = Lower;
    R.Copy.UpperScalar[A] = Upper;
  } else {
    R.Axes[A].LowerText = L.LowerText;
    R.Axes[A].UpperText = L.UpperText;
    R.Axes[A].LowerScalar = Lower;
    R.Axes[A].UpperScalar = Upper;
  }
  return true;
}

std::string RegionBuilder::boundScalar(const std::string &Text,
                                       const std::string &Ceiling,
                                       const std::string &Floor,
                                       const std::string &Name) {
  std::string Key = Text + "\n" + Ceiling + "\n" + Floor;
  auto Known = BoundScalars.find(Key);
  if (Known != BoundScalars.end())
    return Known->second;
  std::string Unique = Name;
  for (const CapturedScalar &S : R.Scalars)
    if (S.Name == Unique)
      Unique += "_";
  CapturedScalar S;
  S.Name = Unique;
  S.Type = ScalarType::Int;
  S.BoundExpression = Text;
  S.BoundCeiling = Ceiling;
  S.BoundFloor = Floor;
  R.Scalars.push_back(S);
  BoundScalars.emplace(Key, Unique);
  return Unique;
}

void RegionBuilder::settleStageBounds(Stage &Out) {
  Halo Reach = R.calcReach();
  for (unsigned A = 0; A < R.dims(); ++A) {
    Axis &X = R.Axes[A];
    if (!X.LowerScalar.empty())
      Out.Lower[A] = Reach.Minus[A];
    if (!X.UpperScalar.empty())
      Out.Upper[A] = X.Extent - Reach.Plus[A];
    Out.LowerText[A] = X.LowerText;
    Out.UpperText[A] = X.UpperText;
    Out.LowerScalar[A] = X.LowerScalar;
    Out.UpperScalar[A] = X.UpperScalar;
    // The next nest records its own.
    X.LowerText.clear();
    X.UpperText.clear();
    X.LowerScalar.clear();
    X.UpperScalar.clear();
  }
}

void RegionBuilder::settleCopyBounds() {
  // A copy reads and writes at the point only: its widest range is the
  // whole extent.
  for (unsigned A = 0; A < R.dims(); ++A) {
    if (!R.Copy.LowerScalar[A].empty())
      R.Copy.Lower[A] = 0;
    if (!R.Copy.UpperScalar[A].empty())
      R.Copy.Upper[A] = R.Axes[A].Extent;
  }
}

bool RegionBuilder::settleRunTimeBounds() {
  // The calc nest reads at most this far on each side; it writes at the
  // point.
  Halo Reach = R.calcReach();
  settleCopyBounds();
  for (unsigned A = 0; A < R.dims(); ++A) {
    Axis &X = R.Axes[A];
    if (!X.LowerScalar.empty())
      X.Lower = Reach.Minus[A];
    if (!X.UpperScalar.empty())
      X.Upper = X.Extent - Reach.Plus[A];
    // A copy loop with the calc loop's own run-time bounds covers the
    // same range and can stay a swap; one with bounds of its own runs as
    // a copy kernel that takes them.
    if (!R.Copy.LowerScalar[A].empty() &&
        R.Copy.LowerScalar[A] == X.LowerScalar)
      R.Copy.Lower[A] = X.Lower;
    if (!R.Copy.UpperScalar[A].empty() &&
        R.Copy.UpperScalar[A] == X.UpperScalar)
      R.Copy.Upper[A] = X.Upper;
  }
  return true;
}

} // namespace tilec
