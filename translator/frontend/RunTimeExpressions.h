//===- RunTimeExpressions.h - Expressions evaluated at run time -*- C++ -*-===//
//
// Private to the front end. Sizes known only at run time reach tilec as the
// text of a directive (`data(float u[ny][nx])`, `data(int D[n][n])`): these
// helpers compare such texts, list the names they read and find what those
// names mean at the region, for the stencil and the apsp front ends alike.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_RUNTIMEEXPRESSIONS_H
#define TILEC_FRONTEND_RUNTIMEEXPRESSIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace tilec {

/// An expression's text without spaces or enclosing parentheses, so that
/// `( nx )` and `nx` compare equal.
std::string normalizedExpression(std::string Text);

/// The identifiers of an expression's text, in order.
std::vector<std::string> identifiersOf(const std::string &Text);

/// An expression as Clang prints it (macros expanded).
std::string printedExpression(const clang::Expr *E,
                              const clang::ASTContext &Context);

/// The variable or enumerator `Name` means at `Before` in `Function`: its
/// last declaration there before that point (parameters included), else
/// one at file scope; null if none.
const clang::NamedDecl *visibleDeclaration(const std::string &Name,
                                           const clang::FunctionDecl *Function,
                                           clang::SourceLocation Before,
                                           clang::ASTContext &Context);

} // namespace tilec

#endif
