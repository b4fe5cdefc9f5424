//===- ApspMatch.h - What the apsp front end's steps share ------*- C++ -*-===//
//
// Private to the front end: the matrix accesses of an apsp loop nest
// (`D[i][k]`) and the matcher of its min-plus update (ApspUpdateMatcher.cpp),
// which ApspIRBuilder.cpp runs after binding the loops and the matrices.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_APSPMATCH_H
#define TILEC_FRONTEND_APSPMATCH_H

#include "frontend/Diagnostics.h"
#include "ir/ApspIR.h"
#include "tilec/directives/ApspDirective.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>
#include <vector>

namespace tilec::apsp {

using clang::dyn_cast;
using clang::dyn_cast_or_null;
using clang::Expr;

inline const Expr *strip(const Expr *E) {
  return E ? E->IgnoreParenImpCasts() : E;
}

inline const clang::VarDecl *variableOf(const Expr *E) {
  if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(strip(E)))
    return dyn_cast<clang::VarDecl>(Ref->getDecl());
  return nullptr;
}

inline std::optional<ApspElementType> elementTypeOf(clang::QualType Type) {
  const auto *B = Type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (!B)
    return std::nullopt;
  switch (B->getKind()) {
  case clang::BuiltinType::Int:
    return ApspElementType::Int;
  case clang::BuiltinType::UInt:
    return ApspElementType::Unsigned;
  case clang::BuiltinType::Float:
    return ApspElementType::Float;
  case clang::BuiltinType::Double:
    return ApspElementType::Double;
  default:
    return std::nullopt;
  }
}

/// `A[x][y]` with its array and its two subscript variables (null when a
/// subscript is not a plain variable).
struct Access {
  const clang::VarDecl *Array = nullptr;
  const clang::VarDecl *Row = nullptr, *Column = nullptr;
  const Expr *Outer = nullptr;
};

inline std::optional<Access> accessOf(const Expr *E) {
  const auto *Outer = dyn_cast<clang::ArraySubscriptExpr>(strip(E));
  if (!Outer)
    return std::nullopt;
  const auto *Inner =
      dyn_cast<clang::ArraySubscriptExpr>(strip(Outer->getBase()));
  if (!Inner)
    return std::nullopt;
  const clang::VarDecl *Array = variableOf(Inner->getBase());
  if (!Array)
    return std::nullopt;
  return Access{Array, variableOf(Inner->getIdx()), variableOf(Outer->getIdx()),
                Outer};
}

/// Every reference to the matrices in the loop body, and the full D[x][y]
/// accesses among them.
class MatrixUses : public clang::RecursiveASTVisitor<MatrixUses> {
public:
  std::vector<const clang::DeclRefExpr *> References;
  std::vector<Access> Accesses;

  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    References.push_back(E);
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E) {
    if (auto A = accessOf(E))
      Accesses.push_back(*A);
    return true;
  }
};

/// The loop nest an update is matched in: its body, loop variables (pivot
/// K, row I, column J) and matrices (P may be null).
struct ApspNest {
  const clang::Stmt *Body = nullptr;
  const clang::VarDecl *K = nullptr, *I = nullptr, *J = nullptr;
  const clang::VarDecl *D = nullptr, *P = nullptr;
};

/// Checks that every use of the matrices is one of [i][j], [i][k], [k][j],
/// recognises the relaxation and records its form in R (ApspUpdateMatcher.cpp).
bool matchApspUpdate(const ApspNest &Nest, clang::ASTContext &Context,
                     DiagnosticReporter &Diags, ir::ApspRegion &R);

} // namespace tilec::apsp

#endif
