//===- TimeLoopStmt.h - The time loop as the user wrote it ------*- C++ -*-===//
//
// A stencil region's time loop may be a `for`, a `while` or a `do`-`while`
// loop. The binder and the builders read its parts through this view, so
// that each form is told apart in one place.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_TIMELOOPSTMT_H
#define TILEC_FRONTEND_TIMELOOPSTMT_H

#include "clang/AST/Stmt.h"

namespace tilec {

struct TimeLoopStmt {
  enum Form { For, While, DoWhile };

  const clang::Stmt *Loop = nullptr;
  Form LoopForm = For;

  /// The view of `S`, or one whose Loop is null when `S` is no loop.
  static TimeLoopStmt of(const clang::Stmt *S);

  explicit operator bool() const { return Loop != nullptr; }
  const clang::ForStmt *asFor() const {
    return LoopForm == For ? llvm::cast<clang::ForStmt>(Loop) : nullptr;
  }
  const clang::Stmt *body() const;
  /// The condition; null for `for (;;)`.
  const clang::Expr *condition() const;
  /// A `for` loop's init and increment; null otherwise.
  const clang::Stmt *init() const;
  const clang::Expr *increment() const;
  /// `for`, `while` or `do`.
  clang::SourceLocation keywordLoc() const;
  /// The `)` that closes a `for` or `while` header, after which the body
  /// starts; a `do` loop's `do` keyword.
  clang::SourceLocation bodyStartsAfter() const;
  clang::SourceLocation beginLoc() const { return Loop->getBeginLoc(); }
  clang::SourceLocation endLoc() const { return Loop->getEndLoc(); }
};

} // namespace tilec

#endif
