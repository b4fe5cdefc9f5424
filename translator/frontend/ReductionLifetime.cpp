//===- ReductionLifetime.cpp - When a reduction's result is needed -------===//
//
// A reduction's host variable normally gets each launch's partial results
// added right after the launch: the step's host statements may read it.
// Where each step assigns the variable before calc and touches it nowhere
// else, every step's result is overwritten by the next step's assignment,
// so only the last one survives the loop and the host can read the partial
// results once, when the region ends (ir::Reduction::CombinedAtLeave).
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace tilec {

using clang::dyn_cast;

namespace {

/// Whether `&V` appears anywhere under the visited statement.
class AddressTakenFinder
    : public clang::RecursiveASTVisitor<AddressTakenFinder> {
public:
  explicit AddressTakenFinder(const clang::VarDecl *V) : V(V) {}
  bool Found = false;

  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if (U->getOpcode() != clang::UO_AddrOf)
      return true;
    const auto *Ref =
        dyn_cast<clang::DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
    Found |= Ref && Ref->getDecl() == V;
    return !Found;
  }

private:
  const clang::VarDecl *V;
};

/// `V = e;` with `e` not referring to `V`.
bool isFreshAssignment(const clang::Stmt *S, const clang::VarDecl *V) {
  const auto *Assign = dyn_cast<clang::BinaryOperator>(S);
  if (!Assign || Assign->getOpcode() != clang::BO_Assign)
    return false;
  const auto *Target =
      dyn_cast<clang::DeclRefExpr>(Assign->getLHS()->IgnoreParens());
  if (!Target || Target->getDecl() != V)
    return false;
  ReferenceCollector Refs;
  Refs.Filter = {V};
  Refs.TraverseStmt(Assign->getRHS());
  return !Refs.FirstRef;
}

} // namespace

void RegionBuilder::markReductionCombinedAtLeave(
    const std::vector<const clang::Stmt *> &Statements) {
  const clang::VarDecl *V = ReductionDecl;
  if (!R.Reduce || !V)
    return;
  // Only a local whose address is never taken: nothing but the step's own
  // statements can read it between launches.
  if (!V->hasLocalStorage() || V->getType().isVolatileQualified())
    return;
  if (!B.Function || !B.Function->getBody())
    return;
  AddressTakenFinder Address(V);
  Address.TraverseStmt(B.Function->getBody());
  if (Address.Found)
    return;
  // Declared before the loop, so that it outlives the region's last step.
  if (!SM.isBeforeInTranslationUnit(V->getLocation(),
                                    B.TimeLoop->getBeginLoc()))
    return;
  bool AssignedBeforeCalc = false, CalcSeen = false;
  for (const clang::Stmt *S : Statements) {
    if (S == CalcLoop) {
      CalcSeen = true;
      continue;
    }
    if (!CalcSeen && !AssignedBeforeCalc && isFreshAssignment(S, V)) {
      AssignedBeforeCalc = true;
      continue;
    }
    ReferenceCollector Refs;
    Refs.Filter = {V};
    Refs.TraverseStmt(const_cast<clang::Stmt *>(S));
    if (Refs.FirstRef)
      return;
  }
  R.Reduce->CombinedAtLeave = AssignedBeforeCalc && CalcSeen;
}

} // namespace tilec
