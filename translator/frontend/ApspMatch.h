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

#include <functional>
#include <optional>
#include <utility>
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

/// `A[x][y]`, or `A[x * n + y]` for a flat matrix, with its array (and
/// the reference naming it) and its two subscript variables (null when a
/// subscript is not a plain variable).
struct Access {
  const clang::VarDecl *Array = nullptr;
  const clang::VarDecl *Row = nullptr, *Column = nullptr;
  const Expr *Outer = nullptr;
  const clang::DeclRefExpr *Reference = nullptr;
};

/// Whether an expression is a flat matrix's row length (n); null when the
/// matrices are not flat.
using RowLengthTest = std::function<bool(const Expr *)>;

/// `x * n + y` (either way round, and `n * x`): the row and column
/// variables of a flat subscript; nothing for another form.
inline std::optional<std::pair<const clang::VarDecl *, const clang::VarDecl *>>
flatSubscript(const Expr *Index, const RowLengthTest &IsRowLength) {
  const auto *Add = dyn_cast<clang::BinaryOperator>(Index->IgnoreParenCasts());
  if (!Add || Add->getOpcode() != clang::BO_Add)
    return std::nullopt;
  for (int Side = 0; Side < 2; ++Side) {
    const Expr *Product = (Side ? Add->getRHS() : Add->getLHS());
    const Expr *Column = (Side ? Add->getLHS() : Add->getRHS());
    const auto *Mul =
        dyn_cast<clang::BinaryOperator>(Product->IgnoreParenCasts());
    if (!Mul || Mul->getOpcode() != clang::BO_Mul)
      continue;
    const clang::VarDecl *Y = variableOf(Column->IgnoreParenCasts());
    for (int Order = 0; Order < 2; ++Order) {
      const Expr *X = Order ? Mul->getRHS() : Mul->getLHS();
      const Expr *N = Order ? Mul->getLHS() : Mul->getRHS();
      if (IsRowLength(N))
        return std::make_pair(variableOf(X->IgnoreParenCasts()), Y);
    }
  }
  return std::nullopt;
}

inline std::optional<Access> accessOf(const Expr *E,
                                      const RowLengthTest &IsRowLength = {}) {
  const auto *Outer = dyn_cast<clang::ArraySubscriptExpr>(strip(E));
  if (!Outer)
    return std::nullopt;
  const auto *Inner =
      dyn_cast<clang::ArraySubscriptExpr>(strip(Outer->getBase()));
  if (!Inner) {
    // A flat matrix: one subscript, row times n plus column.
    const auto *Ref = dyn_cast<clang::DeclRefExpr>(strip(Outer->getBase()));
    const clang::VarDecl *Array = variableOf(Outer->getBase());
    if (!IsRowLength || !Array)
      return std::nullopt;
    auto RowColumn = flatSubscript(Outer->getIdx(), IsRowLength);
    if (!RowColumn)
      return Access{Array, nullptr, nullptr, Outer, Ref};
    return Access{Array, RowColumn->first, RowColumn->second, Outer, Ref};
  }
  const auto *Ref = dyn_cast<clang::DeclRefExpr>(strip(Inner->getBase()));
  const clang::VarDecl *Array = variableOf(Inner->getBase());
  if (!Array)
    return std::nullopt;
  return Access{Array, variableOf(Inner->getIdx()), variableOf(Outer->getIdx()),
                Outer, Ref};
}

/// Every reference to the matrices in the loop body, and the full D[x][y]
/// (or flat D[x * n + y]) accesses among them.
class MatrixUses : public clang::RecursiveASTVisitor<MatrixUses> {
public:
  explicit MatrixUses(RowLengthTest IsRowLength = {})
      : IsRowLength(std::move(IsRowLength)) {}

  std::vector<const clang::DeclRefExpr *> References;
  std::vector<Access> Accesses;

  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    References.push_back(E);
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E) {
    // The inner D[x] of D[x][y] is part of the outer access.
    if (auto A = accessOf(E, IsRowLength))
      Accesses.push_back(*A);
    return true;
  }

private:
  RowLengthTest IsRowLength;
};

/// The loop nest an update is matched in: its body, loop variables (pivot
/// K, row I, column J) and matrices (P may be null).
struct ApspNest {
  const clang::Stmt *Body = nullptr;
  const clang::VarDecl *K = nullptr, *I = nullptr, *J = nullptr;
  const clang::VarDecl *D = nullptr, *P = nullptr;
  /// Flat matrices (`int *D` read as `D[i * n + j]`): n's test.
  RowLengthTest IsRowLength;
};

/// Checks that every use of the matrices is one of [i][j], [i][k], [k][j],
/// recognises the relaxation and records its form in R (ApspUpdateMatcher.cpp).
bool matchApspUpdate(const ApspNest &Nest, clang::ASTContext &Context,
                     DiagnosticReporter &Diags, ir::ApspRegion &R);

} // namespace tilec::apsp

#endif
