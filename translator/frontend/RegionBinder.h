//===- RegionBinder.h - Match recorded directives to loops ------*- C++ -*-===//
//
// After parsing, groups the recorded `#pragma stencil` lines into regions
// (begin ... end) and binds each to the statements that follow it: the time
// loop after the header directives, and the calc and copy nests inside the
// time loop's body. Placement errors are reported here; the contents of the
// loops are checked by the IR builder.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_REGIONBINDER_H
#define TILEC_FRONTEND_REGIONBINDER_H

#include "frontend/Diagnostics.h"
#include "frontend/TimeLoopStmt.h"
#include "tilec/directives/StencilPragmaHandler.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <vector>

namespace tilec {

/// A calc or copy directive and the loop nest it annotates.
struct BoundNest {
  const RecordedDirective *Directive = nullptr;
  const clang::ForStmt *Loop = nullptr;
  bool IsCopy = false;
};

struct BoundRegion {
  const RecordedDirective *Begin = nullptr;
  const RecordedDirective *End = nullptr;
  const RecordedDirective *Step = nullptr;
  const RecordedDirective *Data = nullptr;
  const RecordedDirective *Dimension = nullptr;
  /// The first calc and copy directives (the paper's form has one each).
  const RecordedDirective *Calc = nullptr;
  const RecordedDirective *Copy = nullptr;
  /// Every calc and copy nest, in source order.
  std::vector<BoundNest> Nests;

  const clang::FunctionDecl *Function = nullptr;
  TimeLoopStmt TimeLoop;
  const clang::ForStmt *CalcLoop = nullptr;
  const clang::ForStmt *CopyLoop = nullptr;

  /// Several calc nests, or copy nests other than one after the calc: the
  /// multi-stage form.
  bool multiStage() const;
};

/// Returns the regions whose directives are placed correctly; reports every
/// placement error. A region with an error is not returned.
std::vector<BoundRegion>
bindRegions(const std::vector<RecordedDirective> &Directives,
            clang::ASTContext &Context, DiagnosticReporter &Diags);

} // namespace tilec

#endif
