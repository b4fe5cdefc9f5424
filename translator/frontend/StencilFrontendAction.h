//===- StencilFrontendAction.h - Parse C and build the stencil IR -*- C++
//-*-===//
//
// The Clang frontend action shared by the tilec driver and the unit tests:
// it registers the pragma handler, parses, binds directives to loops and
// builds the IR of every region. When no error was reported it hands the
// result to a callback while the AST is still alive (for rewriting).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_STENCILFRONTENDACTION_H
#define TILEC_FRONTEND_STENCILFRONTENDACTION_H

#include "frontend/ApspFrontend.h"
#include "frontend/Diagnostics.h"
#include "frontend/PreambleLocation.h"
#include "frontend/RegionBinder.h"
#include "frontend/TranslatedMacros.h"
#include "frontend/WarningPolicy.h"
#include "ir/SizeAssumptions.h"
#include "ir/StencilIR.h"

#include "clang/Frontend/FrontendAction.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tilec {

struct FrontendResult {
  std::vector<BoundRegion> Bound;         ///< Where each region is.
  std::vector<ir::StencilRegion> Regions; ///< Its IR, in the same order.
  std::vector<BoundApspRegion> ApspBound; ///< `#pragma apsp` regions.
  std::vector<ir::ApspRegion> ApspRegions;
  /// Where the emitted code goes in the user's file (PreambleLocation.h).
  clang::SourceLocation PreambleLoc;
  /// The integer macros each region expanded (owned by the preprocessor).
  const TranslatedMacros *Macros = nullptr;
};

using FrontendCallback =
    std::function<void(clang::ASTContext &, FrontendResult &)>;

class StencilFrontendAction : public clang::ASTFrontendAction {
public:
  explicit StencilFrontendAction(FrontendCallback OnSuccess,
                                 ir::SizeAssumptions Sizes = {},
                                 WarningPolicy Warnings = {})
      : OnSuccess(std::move(OnSuccess)), Sizes(std::move(Sizes)),
        Warnings(std::move(Warnings)) {}

  bool BeginSourceFileAction(clang::CompilerInstance &CI) override;
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override;

private:
  FrontendCallback OnSuccess;
  ir::SizeAssumptions Sizes; ///< For extents known only at run time.
  WarningPolicy Warnings;
  std::vector<RecordedDirective> Directives;
  std::vector<RecordedApspDirective> ApspDirectives;
  std::unique_ptr<DiagnosticReporter> Diags;
  ConditionalBlocks *Conditionals = nullptr; ///< Owned by the preprocessor.
  TranslatedMacros *Macros = nullptr;        ///< Owned by the preprocessor.
};

/// Builds the IR of every region of `Code` (a C file named `FileName`),
/// parsed with `Args`. Diagnostics go to stderr. Returns false on error.
bool buildRegionsFromCode(const std::string &Code,
                          const std::vector<std::string> &Args,
                          const std::string &FileName,
                          std::vector<ir::StencilRegion> &Regions);

} // namespace tilec

#endif
