//===- FieldRoles.cpp - What each array is to the region ------------------===//
//
// With `data(...)` the arrays calc writes are its destinations and the
// others its sources. A source that no copy nest writes is read-only
// (coefficients); the back ends neither copy it back nor swap it.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

namespace {

/// The arrays that assignments under a statement write, by name.
class WrittenArrays : public clang::RecursiveASTVisitor<WrittenArrays> {
public:
  std::set<std::string> Names;
  bool VisitBinaryOperator(clang::BinaryOperator *Op) {
    if (!Op->isAssignmentOp())
      return true;
    const clang::Expr *Target = Op->getLHS()->IgnoreParenImpCasts();
    while (const auto *Sub = dyn_cast<clang::ArraySubscriptExpr>(Target))
      Target = Sub->getBase()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(Target))
      if (Target != Op->getLHS()->IgnoreParenImpCasts())
        Names.insert(Ref->getDecl()->getName().str());
    return true;
  }
};

} // namespace

bool RegionBuilder::writtenInCalc(const std::string &Array) {
  WrittenArrays Written;
  Written.TraverseStmt(const_cast<clang::Stmt *>(CalcBody));
  return Written.Names.count(Array) != 0;
}

void RegionBuilder::assignRoles() {
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    Field &F = R.Fields[I];
    if (F.Role != FieldRole::Source)
      continue;
    bool CopiedInto = false;
    for (const CopyAssignment &C : R.Copy.Assignments)
      CopiedInto |= C.TargetField == I;
    if (!CopiedInto)
      F.Role = FieldRole::ReadOnly;
  }
}

} // namespace tilec
