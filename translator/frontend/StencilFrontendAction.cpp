//===- StencilFrontendAction.cpp - Parse C and build the stencil IR ------===//
#include "frontend/StencilFrontendAction.h"

#include "frontend/IRBuilder.h"
#include "tilec/directives/ApspPragmaHandler.h"
#include "tilec/directives/StencilPragmaHandler.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"

#include <cctype>

namespace tilec {
namespace {

std::string identifierFrom(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text)
    Out += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  if (Out.empty() || std::isdigit(static_cast<unsigned char>(Out[0])))
    Out = "_" + Out;
  return Out;
}

class StencilConsumer : public clang::ASTConsumer {
public:
  StencilConsumer(const std::vector<RecordedDirective> &Directives,
                  const std::vector<RecordedApspDirective> &ApspDirectives,
                  const ConditionalBlocks &Conditionals,
                  const TranslatedMacros &Macros, DiagnosticReporter &Diags,
                  const FrontendCallback &OnSuccess,
                  const ir::SizeAssumptions &Sizes)
      : Directives(Directives), ApspDirectives(ApspDirectives),
        Conditionals(Conditionals), Macros(Macros), Diags(Diags),
        OnSuccess(OnSuccess), Sizes(Sizes) {}

  void HandleTranslationUnit(clang::ASTContext &Context) override {
    if (Diags.hasErrors())
      return;
    FrontendResult Result;
    Result.Bound = bindRegions(Directives, Context, Diags);
    const clang::SourceManager &SM = Context.getSourceManager();
    // Kernel names start with the file's name: heat3d_calc, heat3d_r2_calc.
    std::string Stem = identifierFrom(llvm::sys::path::stem(
        SM.getFileEntryRefForID(SM.getMainFileID())->getName()));
    for (size_t I = 0; I < Result.Bound.size(); ++I) {
      std::string Name = I == 0 ? Stem : Stem + "_r" + std::to_string(I + 1);
      if (auto R = buildStencilIR(Result.Bound[I], Name, Context, Diags, Sizes))
        Result.Regions.push_back(std::move(*R));
    }
    // Apsp kernels end in _fw_*, so they share the stencil names' scheme.
    Result.ApspBound = bindApspRegions(ApspDirectives, Context, Diags);
    for (size_t I = 0; I < Result.ApspBound.size(); ++I) {
      std::string Name = I == 0 ? Stem : Stem + "_r" + std::to_string(I + 1);
      if (auto R =
              buildApspIR(Result.ApspBound[I], Name, Context, Diags, Sizes))
        Result.ApspRegions.push_back(std::move(*R));
    }
    for (const std::string &Name : Sizes.unused())
      Diags.report(clang::SourceLocation(), Diag::AssumeUnused)
          << Name << Sizes.askedNames();
    if (Diags.hasErrors())
      return;
    Result.PreambleLoc = preambleLocation(Context, Conditionals);
    Result.Macros = &Macros;
    OnSuccess(Context, Result);
  }

private:
  const std::vector<RecordedDirective> &Directives;
  const std::vector<RecordedApspDirective> &ApspDirectives;
  const ConditionalBlocks &Conditionals;
  const TranslatedMacros &Macros;
  DiagnosticReporter &Diags;
  const FrontendCallback &OnSuccess;
  const ir::SizeAssumptions &Sizes;
};

} // namespace

bool StencilFrontendAction::BeginSourceFileAction(clang::CompilerInstance &CI) {
  Diags = std::make_unique<DiagnosticReporter>(CI.getDiagnostics(), Warnings);
  DiagnosticReporter *Reporter = Diags.get();
  // The preprocessor owns its pragma handlers.
  CI.getPreprocessor().AddPragmaHandler(new StencilPragmaHandler(
      Directives,
      [Reporter](clang::SourceLocation Loc, const std::string &Message) {
        Reporter->report(Loc, Diag::DirectiveSyntax) << Message;
      }));
  CI.getPreprocessor().AddPragmaHandler(new ApspPragmaHandler(
      ApspDirectives,
      [Reporter](clang::SourceLocation Loc, const std::string &Message) {
        Reporter->report(Loc, Diag::DirectiveSyntax) << Message;
      }));
  auto Blocks = std::make_unique<ConditionalBlocks>(CI.getSourceManager());
  Conditionals = Blocks.get();
  CI.getPreprocessor().addPPCallbacks(std::move(Blocks));
  auto Expanded = std::make_unique<TranslatedMacros>(CI.getPreprocessor());
  Macros = Expanded.get();
  CI.getPreprocessor().addPPCallbacks(std::move(Expanded));
  return true;
}

std::unique_ptr<clang::ASTConsumer>
StencilFrontendAction::CreateASTConsumer(clang::CompilerInstance &,
                                         llvm::StringRef) {
  return std::make_unique<StencilConsumer>(Directives, ApspDirectives,
                                           *Conditionals, *Macros, *Diags,
                                           OnSuccess, Sizes);
}

bool buildRegionsFromCode(const std::string &Code,
                          const std::vector<std::string> &Args,
                          const std::string &FileName,
                          std::vector<ir::StencilRegion> &Regions) {
  bool Called = false;
  auto Action = std::make_unique<StencilFrontendAction>(
      [&](clang::ASTContext &, FrontendResult &Result) {
        Regions = std::move(Result.Regions);
        Called = true;
      });
  std::vector<std::string> AllArgs = {"-xc", "-Wno-unknown-pragmas"};
  AllArgs.insert(AllArgs.end(), Args.begin(), Args.end());
  bool Ok = clang::tooling::runToolOnCodeWithArgs(std::move(Action), Code,
                                                  AllArgs, FileName);
  return Ok && Called;
}

} // namespace tilec
