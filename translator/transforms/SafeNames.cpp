//===- SafeNames.cpp - Names valid in device code ------------------------===//
#include "transforms/SafeNames.h"

#include <map>

namespace tilec {

using namespace ir;

namespace {

/// Renames identifiers in expressions by their kind.
class Renamer {
public:
  Renamer(StencilRegion &R, const std::set<std::string> &Reserved)
      : R(R), Reserved(Reserved), Used(regionIdentifiers(R)) {}

  void run() {
    for (Field &F : R.Fields)
      rename(F.Name);
    for (CapturedScalar &S : R.Scalars)
      rename(S.Name);
    for (LocalVariable &L : R.Locals)
      rename(L.Name);
    for (Axis &A : R.Axes)
      rename(A.LoopVariable);
    if (R.Reduce)
      rename(R.Reduce->Variable);
    for (Stage &S : R.Stages)
      for (LocalVariable &L : S.Locals)
        rename(L.Name);
    if (NewName.empty())
      return;
    renameIn(R.Update);
    for (Stage &S : R.Stages)
      renameIn(S.Update);
  }

private:
  StencilRegion &R;
  const std::set<std::string> &Reserved;
  std::set<std::string> Used;
  std::map<std::string, std::string> NewName;

  void rename(std::string &Name) {
    if (!Reserved.count(Name))
      return;
    auto [It, Inserted] = NewName.try_emplace(Name);
    if (Inserted) {
      std::string Safe = Name + "_";
      while (Reserved.count(Safe) || Used.count(Safe))
        Safe += "_";
      Used.insert(Safe);
      It->second = Safe;
    }
    Name = It->second;
  }

  void renameIn(std::vector<Statement> &Update) {
    for (Statement &S : Update) {
      if (S.Target)
        renameIn(*S.Target);
      if (S.Value)
        renameIn(*S.Value);
    }
  }

  void renameIn(Expr &E) {
    if (E.ExprKind == Expr::ScalarRef || E.ExprKind == Expr::LocalRef ||
        E.ExprKind == Expr::ReductionRef)
      rename(E.Text);
    for (ExprPtr &Operand : E.Operands)
      renameIn(*Operand);
  }
};

} // namespace

StencilRegion withSafeNames(const StencilRegion &Region,
                            const std::set<std::string> &Reserved) {
  StencilRegion Copy = Region;
  Renamer(Copy, Reserved).run();
  return Copy;
}

} // namespace tilec
