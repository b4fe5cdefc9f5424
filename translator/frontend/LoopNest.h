//===- LoopNest.h - Recognise canonical, perfectly nested loops -*- C++ -*-===//
#ifndef TILEC_FRONTEND_LOOPNEST_H
#define TILEC_FRONTEND_LOOPNEST_H

#include "frontend/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <vector>

namespace tilec {

/// `for (v = Lower; v < Upper; v++)`.
struct CanonicalLoop {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Variable = nullptr;
  int64_t Lower = 0;
  int64_t Upper = 0; ///< Exclusive.
  /// A bound known only at run time (allowed where the caller asks): the
  /// expression, and the exclusive bound's text (`n - 1`, `(m) + 1` for
  /// `v <= m`). Lower or Upper is then 0 until the caller settles it.
  const clang::Expr *LowerExpr = nullptr, *UpperExpr = nullptr;
  std::string LowerText, UpperText;
  bool runTime() const { return LowerExpr || UpperExpr; }
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

/// A `while (v < hi)` or `do ... while (v < hi)` loop (or `v <= hi`,
/// `hi > v`, `hi >= v`) over the counter `V` whose body's last statement
/// advances it by one (`v++;`, `++v;`, `v += 1;`, `v = v + 1;`) and
/// nothing else in it writes `V` or what `hi` reads: it counts as `for (;
/// v < hi; v++)` does. The bound as written and that last statement.
struct CounterLoop {
  const clang::Expr *Upper = nullptr;
  bool Inclusive = false;
  const clang::Stmt *Step = nullptr;
};
std::optional<CounterLoop> matchCounterLoop(const clang::Stmt *Loop,
                                            const clang::Expr *Condition,
                                            const clang::Stmt *Body,
                                            const clang::VarDecl *V,
                                            clang::ASTContext &Context);

/// Parses `Depth` perfectly nested canonical loops starting at `Outer`.
/// `NestName` ("calc" or "copy") appears in diagnostics. On success returns
/// the loops outermost first; `Body` receives the innermost loop's body.
/// With `RunTimeBounds`, a bound may be a run-time integer expression
/// without side effects that does not read the nest's own loop variables
/// (whether the region writes its variables is the caller's check).
std::optional<std::vector<CanonicalLoop>>
parseLoopNest(const clang::ForStmt *Outer, unsigned Depth, const char *NestName,
              clang::ASTContext &Context, DiagnosticReporter &Diags,
              const clang::Stmt *&Body, bool RunTimeBounds = false);

/// The first place in `Region` that writes `V` (an assignment, an
/// increment, or taking its address), or null.
const clang::Stmt *firstWriteOf(const clang::VarDecl *V,
                                const clang::Stmt *Region);

/// The variables `E` reads.
std::vector<const clang::VarDecl *> variablesIn(const clang::Expr *E);

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
