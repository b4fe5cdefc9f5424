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

/// The value `e` of `V = e;`, or null for any other statement.
const clang::Expr *assignedValue(const clang::Stmt *S,
                                 const clang::VarDecl *V) {
  const auto *Assign = dyn_cast<clang::BinaryOperator>(S);
  if (!Assign || Assign->getOpcode() != clang::BO_Assign)
    return nullptr;
  const auto *Target =
      dyn_cast<clang::DeclRefExpr>(Assign->getLHS()->IgnoreParens());
  return Target && Target->getDecl() == V ? Assign->getRHS() : nullptr;
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
  if (!SM.isBeforeInTranslationUnit(V->getLocation(), B.TimeLoop.beginLoc()))
    return;
  // The loop's header runs between steps too: a convergence test
  // (`n < nn && gosa > eps`) reads every step's result.
  for (const clang::Stmt *Part :
       {B.TimeLoop.init(),
        static_cast<const clang::Stmt *>(B.TimeLoop.condition()),
        static_cast<const clang::Stmt *>(B.TimeLoop.increment())})
    if (Part && refersTo(Part, V))
      return;
  bool AssignedBeforeCalc = false, CalcSeen = false;
  for (const clang::Stmt *S : Statements) {
    if (S == CalcLoop) {
      CalcSeen = true;
      continue;
    }
    const clang::Expr *Value = assignedValue(S, V);
    if (!CalcSeen && !AssignedBeforeCalc && Value && !refersTo(Value, V)) {
      AssignedBeforeCalc = true;
      continue;
    }
    if (refersTo(S, V))
      return;
  }
  R.Reduce->CombinedAtLeave = AssignedBeforeCalc && CalcSeen;
}

} // namespace tilec
