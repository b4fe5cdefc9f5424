//===- LoopNest.h - Recognise canonical, perfectly nested loops -*- C++ -*-===//
#ifndef TILEC_FRONTEND_LOOPNEST_H
#define TILEC_FRONTEND_LOOPNEST_H

#include "frontend/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <vector>

namespace tilec {

/// `for (v = Lower; v < Upper; v++)` with constant bounds.
struct CanonicalLoop {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Variable = nullptr;
  int64_t Lower = 0;
  int64_t Upper = 0; ///< Exclusive.
};

/// The loop variable of `for (v = ...; ...; ...)` or `for (T v = ...; ...)`,
/// or null when the init statement has another form.
const clang::VarDecl *loopVariable(const clang::ForStmt *Loop);

/// `for (v = lo; v < hi; v++)` with bounds of any kind (the time loop).
/// `for (v = lo; v < hi; v++)` or `v <= hi` (also written `hi > v`,
/// `hi >= v`): the init statement and the bound as written.
struct CountingLoop {
  const clang::Stmt *Init = nullptr;
  const clang::Expr *Upper = nullptr;
  bool Inclusive = false; ///< `<=`: the loop runs for v == hi too.
};
std::optional<CountingLoop> matchCountingLoop(const clang::ForStmt *Loop,
                                              clang::ASTContext &Context);

/// Parses `Depth` perfectly nested canonical loops starting at `Outer`.
/// `NestName` ("calc" or "copy") appears in diagnostics. On success returns
/// the loops outermost first; `Body` receives the innermost loop's body.
std::optional<std::vector<CanonicalLoop>>
parseLoopNest(const clang::ForStmt *Outer, unsigned Depth, const char *NestName,
              clang::ASTContext &Context, DiagnosticReporter &Diags,
              const clang::Stmt *&Body);

/// How code outside a region (of `Function`, between the `Begin` and `End`
/// directives) uses `V`: read or written after the region, and anywhere
/// outside it (a variable with global storage always counts as used).
struct OutsideUses {
  bool After = false;
  bool Anywhere = false;
};
OutsideUses usesOutsideRegion(const clang::VarDecl *V,
                              const clang::FunctionDecl *Function,
                              clang::SourceLocation Begin,
                              clang::SourceLocation End,
                              const clang::SourceManager &SM);

} // namespace tilec

#endif
