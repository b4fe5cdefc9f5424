//===- ApspFrontend.h - Bind #pragma apsp regions and build their IR -*- C++
//-*-===//
//
// The apsp counterpart of RegionBinder and IRBuilder: group the recorded
// `#pragma apsp` lines into regions, bind each to the k-i-j loop nest after
// its directives, recognise the min-plus relaxation in the innermost body,
// and build the ApspRegion. Every rejected form gets a diagnostic at its
// location.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_APSPFRONTEND_H
#define TILEC_FRONTEND_APSPFRONTEND_H

#include "frontend/Diagnostics.h"
#include "ir/ApspIR.h"
#include "ir/SizeAssumptions.h"
#include "tilec/directives/ApspPragmaHandler.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

struct BoundApspRegion {
  const RecordedApspDirective *Begin = nullptr;
  const RecordedApspDirective *End = nullptr;
  const RecordedApspDirective *Data = nullptr;
  const RecordedApspDirective *Loops = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  const clang::ForStmt *Loop = nullptr; ///< The pivot (k) loop.
};

/// Returns the correctly placed regions; reports every placement error.
std::vector<BoundApspRegion>
bindApspRegions(const std::vector<RecordedApspDirective> &Directives,
                clang::ASTContext &Context, DiagnosticReporter &Diags);

/// Returns the region's IR, or nothing after reporting at least one error.
std::optional<ir::ApspRegion> buildApspIR(const BoundApspRegion &Bound,
                                          const std::string &RegionName,
                                          clang::ASTContext &Context,
                                          DiagnosticReporter &Diags,
                                          const ir::SizeAssumptions &Sizes);

} // namespace tilec

#endif
