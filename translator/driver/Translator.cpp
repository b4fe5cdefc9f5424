//===- Translator.cpp - Translate one C file: parse, lower, emit ---------===//
//
// Analysis never edits text: the front end builds the IR, the pipeline
// lowers it, the back end prints code, and only then are the edits applied
// to the user's file, once, with a clang::Rewriter.
//
//===----------------------------------------------------------------------===//
#include "driver/Translator.h"

#include "driver/Pipeline.h"
#include "frontend/Diagnostics.h"
#include "frontend/IRBuilder.h"
#include "frontend/RegionBinder.h"
#include "ir/IRPrinter.h"
#include "tilec/directives/StencilPragmaHandler.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

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

/// The whitespace before `Loc` on its line, to indent replacement text.
std::string indentationAt(clang::SourceLocation Loc,
                          const clang::SourceManager &SM) {
  unsigned Column = SM.getSpellingColumnNumber(Loc);
  clang::SourceLocation LineStart = Loc.getLocWithOffset(-(int)(Column - 1));
  std::string Indent;
  const char *Text = SM.getCharacterData(LineStart);
  for (unsigned I = 0; I + 1 < Column && (Text[I] == ' ' || Text[I] == '\t');
       ++I)
    Indent += Text[I];
  return Indent;
}

std::string indentLines(const std::string &Text, const std::string &Indent) {
  std::string Out;
  size_t Start = 0;
  bool First = true;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    if (!First && End > Start)
      Out += Indent;
    Out += Text.substr(Start, End - Start);
    if (End < Text.size())
      Out += '\n';
    First = false;
    Start = End + 1;
  }
  // The region's last line keeps its own newline, so drop the final one.
  if (!Out.empty() && Out.back() == '\n')
    Out.pop_back();
  return Out;
}

class TranslationConsumer : public clang::ASTConsumer {
public:
  TranslationConsumer(const TranslatorOptions &Options,
                      const std::vector<RecordedDirective> &Directives,
                      DiagnosticReporter &Diags, TranslationResult &Result)
      : Options(Options), Directives(Directives), Diags(Diags), Result(Result) {
  }

  void HandleTranslationUnit(clang::ASTContext &Context) override {
    if (Diags.hasErrors())
      return;
    std::vector<BoundRegion> Bound = bindRegions(Directives, Context, Diags);
    const clang::SourceManager &SM = Context.getSourceManager();
    std::string Stem = identifierFrom(llvm::sys::path::stem(
        SM.getFileEntryRefForID(SM.getMainFileID())->getName()));

    std::vector<ir::StencilRegion> Regions;
    for (size_t I = 0; I < Bound.size(); ++I) {
      std::string Name = I == 0 ? Stem : Stem + "_r" + std::to_string(I + 1);
      if (auto R = buildStencilIR(Bound[I], Name, Context, Diags))
        Regions.push_back(std::move(*R));
    }
    if (Diags.hasErrors())
      return;

    for (ir::StencilRegion &R : Regions) {
      std::string Last;
      auto Observe = [&](const std::string &Pass, const ir::StencilRegion &IR) {
        if (!Options.DumpIRAfterAll)
          return;
        std::string Now = ir::printRegion(IR);
        llvm::outs() << "; IR after " << Pass
                     << (Now == Last ? " (unchanged)\n" : "\n");
        if (Now != Last)
          llvm::outs() << Now;
        Last = Now;
      };
      Observe("front end", R);
      runStencilPipeline(R, Options.Device, Observe);
      if (Options.DumpIR)
        llvm::outs() << ir::printRegion(R);
    }
    emit(Context, Bound, Regions);
  }

private:
  const TranslatorOptions &Options;
  const std::vector<RecordedDirective> &Directives;
  DiagnosticReporter &Diags;
  TranslationResult &Result;

  void emit(clang::ASTContext &Context, const std::vector<BoundRegion> &Bound,
            const std::vector<ir::StencilRegion> &Regions) {
    clang::SourceManager &SM = Context.getSourceManager();
    llvm::StringRef InputPath =
        SM.getFileEntryRefForID(SM.getMainFileID())->getName();
    CodegenOptions CG;
    CG.TargetKind = Options.TargetKind;
    CG.FP = Options.FP;
    CG.Device = &Options.Device;
    CG.InputName = llvm::sys::path::filename(InputPath).str();
    CG.BaseName = llvm::sys::path::stem(InputPath).str();
    CG.ToolVersion = "tilec " TILEC_VERSION;
    std::unique_ptr<Backend> Target = Options.TargetKind == Target::CUDA
                                          ? createCUDABackend(CG)
                                          : createOpenCLBackend(CG);

    std::vector<RegionCode> Code;
    for (const ir::StencilRegion &R : Regions)
      Code.push_back(Target->emitRegion(R));

    clang::Rewriter Rewrite(SM, Context.getLangOpts());
    for (size_t I = 0; I < Regions.size(); ++I) {
      const BoundRegion &B = Bound[I];
      clang::SourceLocation Start = B.Begin->HashLoc;
      Rewrite.ReplaceText(
          clang::SourceRange(Start, B.End->EndLoc.getLocWithOffset(-1)),
          indentLines(Code[I].HostCode, indentationAt(Start, SM)));
      std::string Before = Target->beforeFunction(Code[I]);
      if (!Before.empty()) {
        clang::SourceLocation FunctionStart =
            SM.getExpansionLoc(B.Function->getBeginLoc());
        unsigned Line = SM.getExpansionLineNumber(FunctionStart);
        Rewrite.InsertTextBefore(
            SM.translateLineCol(SM.getMainFileID(), Line, 1), Before);
      }
    }
    if (!Regions.empty())
      Rewrite.InsertTextBefore(SM.getLocForStartOfFile(SM.getMainFileID()),
                               Target->preamble(Regions, Code));

    std::string MainText;
    if (const clang::RewriteBuffer *Buffer =
            Rewrite.getRewriteBufferFor(SM.getMainFileID()))
      MainText.assign(Buffer->begin(), Buffer->end());
    else
      MainText = SM.getBufferData(SM.getMainFileID()).str();
    Result.Files.push_back(
        {CG.BaseName + Target->mainFileExtension(), MainText});
    if (!Regions.empty())
      for (OutputFile &F : Target->extraFiles(Regions, Code))
        Result.Files.push_back(std::move(F));
    Result.RegionCount = Regions.size();
  }
};

class TranslationAction : public clang::ASTFrontendAction {
public:
  TranslationAction(const TranslatorOptions &Options, TranslationResult &Result)
      : Options(Options), Result(Result) {}

  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    Diags = std::make_unique<DiagnosticReporter>(CI.getDiagnostics());
    DiagnosticReporter *Reporter = Diags.get();
    // The preprocessor owns its pragma handlers.
    CI.getPreprocessor().AddPragmaHandler(new StencilPragmaHandler(
        Directives,
        [Reporter](clang::SourceLocation Loc, const std::string &Message) {
          Reporter->report(Loc, Diag::DirectiveSyntax) << Message;
        }));
    return true;
  }

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<TranslationConsumer>(Options, Directives, *Diags,
                                                 Result);
  }

private:
  const TranslatorOptions &Options;
  TranslationResult &Result;
  std::vector<RecordedDirective> Directives;
  std::unique_ptr<DiagnosticReporter> Diags;
};

class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ActionFactory(const TranslatorOptions &Options, TranslationResult &Result)
      : Options(Options), Result(Result) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<TranslationAction>(Options, Result);
  }

private:
  const TranslatorOptions &Options;
  TranslationResult &Result;
};

} // namespace

bool translateFile(const std::string &Input, const TranslatorOptions &Options,
                   TranslationResult &Result) {
  std::vector<std::string> Args = {"-fsyntax-only", "-xc",
                                   "-resource-dir=" + Options.ResourceDir,
                                   "-Wno-unknown-pragmas"};
  Args.insert(Args.end(), Options.ClangArgs.begin(), Options.ClangArgs.end());
  clang::tooling::FixedCompilationDatabase Database(".", Args);
  clang::tooling::ClangTool Tool(Database, {Input});
  ActionFactory Factory(Options, Result);
  int Status = Tool.run(&Factory);
  if (Status != 0)
    Result.Files.clear();
  return Status == 0;
}

bool writeOutputs(const std::vector<OutputFile> &Files,
                  const std::string &Directory, std::string &Error) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Directory)) {
    Error =
        "cannot create output directory '" + Directory + "': " + EC.message();
    return false;
  }
  std::vector<std::pair<std::string, std::string>> Renames;
  auto RemoveTemporaries = [&] {
    for (auto &[Temporary, Final] : Renames)
      llvm::sys::fs::remove(Temporary);
  };
  for (const OutputFile &F : Files) {
    llvm::SmallString<256> Final(Directory);
    llvm::sys::path::append(Final, F.Name);
    std::string Temporary = (Final + ".tilec-tmp").str();
    std::error_code EC;
    llvm::raw_fd_ostream OS(Temporary, EC);
    if (!EC) {
      OS << F.Contents;
      OS.close();
      EC = OS.error();
    }
    Renames.push_back({Temporary, Final.str().str()});
    if (EC) {
      Error = "cannot write '" + Temporary + "': " + EC.message();
      RemoveTemporaries();
      return false;
    }
  }
  for (auto &[Temporary, Final] : Renames)
    if (std::error_code EC = llvm::sys::fs::rename(Temporary, Final)) {
      Error = "cannot write '" + Final + "': " + EC.message();
      RemoveTemporaries();
      return false;
    }
  return true;
}

} // namespace tilec
