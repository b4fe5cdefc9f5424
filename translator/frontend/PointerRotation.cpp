//===- PointerRotation.cpp - `tmp = a; a = b; b = tmp;` in a time step ---===//
#include "frontend/PointerRotation.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace tilec {

namespace {

const clang::VarDecl *variableOf(const clang::Expr *E) {
  const auto *Ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(
      E ? E->IgnoreParenImpCasts() : nullptr);
  return Ref ? llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
}

/// `X = Y;` between two pointer variables: X and Y.
std::optional<std::pair<const clang::VarDecl *, const clang::VarDecl *>>
pointerAssignment(const clang::Stmt *S) {
  const auto *Assign = llvm::dyn_cast_or_null<clang::BinaryOperator>(S);
  if (!Assign || Assign->getOpcode() != clang::BO_Assign)
    return std::nullopt;
  const clang::VarDecl *To = variableOf(Assign->getLHS());
  const clang::VarDecl *From = variableOf(Assign->getRHS());
  if (!To || !From || To == From || !To->getType()->isPointerType())
    return std::nullopt;
  return std::make_pair(To, From);
}

/// `tmp = a;` or `T *tmp = a;`.
std::optional<std::pair<const clang::VarDecl *, const clang::VarDecl *>>
saveOf(const clang::Stmt *S) {
  if (const auto *Decl = llvm::dyn_cast_or_null<clang::DeclStmt>(S)) {
    const auto *Temp =
        Decl->isSingleDecl()
            ? llvm::dyn_cast<clang::VarDecl>(Decl->getSingleDecl())
            : nullptr;
    const clang::VarDecl *From = Temp && Temp->getType()->isPointerType()
                                     ? variableOf(Temp->getInit())
                                     : nullptr;
    if (From)
      return std::make_pair(static_cast<const clang::VarDecl *>(Temp), From);
    return std::nullopt;
  }
  return pointerAssignment(S);
}

} // namespace

std::optional<PointerRotation>
matchPointerRotation(llvm::ArrayRef<const clang::Stmt *> Statements, size_t I) {
  if (I + 2 >= Statements.size())
    return std::nullopt;
  auto Save = saveOf(Statements[I]);
  auto Move = pointerAssignment(Statements[I + 1]);
  auto Restore = pointerAssignment(Statements[I + 2]);
  if (!Save || !Move || !Restore)
    return std::nullopt;
  auto [Temp, A] = *Save;
  if (Move->first != A || Restore->first != Move->second ||
      Restore->second != Temp || Temp == A || Temp == Move->second)
    return std::nullopt;
  PointerRotation R;
  R.A = A;
  R.B = Move->second;
  R.Temp = Temp;
  R.First = Statements[I];
  R.Last = Statements[I + 2];
  return R;
}

} // namespace tilec
