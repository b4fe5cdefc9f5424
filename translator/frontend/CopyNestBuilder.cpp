//===- CopyNestBuilder.cpp - The copy nest --------------------------------===//
//
// Checks that the copy nest covers the region's axes inside the extents and
// holds only `Source[...] = Destination[...]` assignments at the point.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

bool RegionBuilder::buildCopy() {
  if (!CopyLoop)
    return true;
  const clang::Stmt *Body = nullptr;
  auto Loops = parseLoopNest(CopyLoop, R.dims(), "copy", Context, Diags, Body,
                             /*RunTimeBounds=*/true);
  if (!Loops)
    return false;
  CopyLoops = *Loops;
  NestLoops[CopyLoop] = CopyLoops;
  R.Copy.Present = true;
  std::vector<bool> Seen(R.dims(), false);
  for (const CanonicalLoop &L : *Loops) {
    // By name: a copy loop may declare its own `int i`.
    unsigned A = 0;
    while (A < R.dims() && R.Axes[A].LoopVariable != L.Variable->getName())
      ++A;
    if (A == R.dims()) {
      A = axisBySubscript(L.Variable, Body).value_or(R.dims());
      if (A < R.dims() && Seen[A])
        A = R.dims();
    }
    if (A == R.dims()) {
      Diags.report(L.Loop->getForLoc(), Diag::LoopVariableNotDimension)
          << L.Variable->getName() << "copy";
      return false;
    }
    AxisOfVariable[L.Variable] = A;
    Seen[A] = true;
    R.Copy.Lower[A] = L.Lower;
    R.Copy.Upper[A] = L.Upper;
    if (!recordRunTimeBounds(L, "copy", A, /*Copy=*/true))
      return false;
    if ((!L.LowerExpr && L.Lower < 0) ||
        (!L.UpperExpr && !R.Axes[A].runTimeExtent() &&
         L.Upper > R.Axes[A].Extent)) {
      Diags.report(L.Loop->getForLoc(), Diag::LoopRangeOutsideExtent)
          << "copy" << L.Variable->getName() << std::to_string(L.Lower)
          << std::to_string(L.Upper) << std::to_string(R.Axes[A].Extent)
          << R.axisName(A);
      return false;
    }
  }
  for (unsigned A = 0; A < R.dims(); ++A)
    if (!Seen[A]) {
      Diags.report(CopyLoop->getForLoc(), Diag::DimensionNotLoopVariable)
          << R.Axes[A].LoopVariable << "copy";
      return false;
    }
  std::vector<const clang::Stmt *> Statements = bodyStatements(Body);
  for (const clang::Stmt *S : Statements) {
    if (llvm::isa<clang::NullStmt>(S))
      continue;
    const auto *Assign = dyn_cast<clang::BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != clang::BO_Assign)
      return copyError(S, "expected assignments 'A[...] = B[...]' only");
    const auto *Lhs = dyn_cast<clang::ArraySubscriptExpr>(
        Assign->getLHS()->IgnoreParenImpCasts());
    const auto *Rhs = dyn_cast<clang::ArraySubscriptExpr>(
        Assign->getRHS()->IgnoreParenImpCasts());
    if (!Lhs || !Rhs)
      return copyError(S, "expected assignments 'A[...] = B[...]' only");
    auto Target = convertAccess(Lhs, "copy");
    auto Value = Target ? convertAccess(Rhs, "copy") : std::nullopt;
    if (!Value)
      return false;
    for (const auto &[Acc, At] : {std::pair{*Target, Lhs}, {*Value, Rhs}})
      for (unsigned A = 0; A < R.dims(); ++A)
        if (Acc.Offsets[A] != 0)
          return copyError(At, "'" + R.Fields[Acc.Field].Name +
                                   "' is accessed at an offset");
    const Field &TF = R.Fields[Target->Field];
    const Field &VF = R.Fields[Value->Field];
    if (MultiStage && Target->Field == Value->Field)
      return copyError(S, "'" + TF.Name + "' is assigned to itself");
    // With data(...), the roles came from what calc writes: say that. A
    // copy stage among several calc nests may copy any array into another.
    bool RoleFree = B.Data->D.RoleFree;
    if (MultiStage) {
      // No role rules between stages.
    } else if (TF.Role != FieldRole::Source)
      return copyError(Lhs, "'" + TF.Name +
                                (RoleFree ? "' is written by calc"
                                          : "' is not a source array"));
    if (!MultiStage && VF.Role != FieldRole::Destination)
      return copyError(Rhs, "'" + VF.Name +
                                (RoleFree ? "' is not written by calc"
                                          : "' is not a destination array"));
    if (TF.Type != VF.Type)
      return copyError(S, "'" + TF.Name + "' and '" + VF.Name +
                              "' have different element types");
    R.Copy.Assignments.push_back(
        {Target->Field, Target->Components, Value->Field, Value->Components});
  }
  return true;
}

bool RegionBuilder::copyError(const clang::Stmt *At, const std::string &Why) {
  Diags.report(At->getBeginLoc(), Diag::CopyNotPlain) << Why;
  return false;
}

} // namespace tilec
