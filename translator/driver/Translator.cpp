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
#include "frontend/StencilFrontendAction.h"
#include "ir/IRPrinter.h"
#include "ir/StageView.h"
#include "ir/VariantView.h"

#include <cstdint>

#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace tilec {
namespace {

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

/// `--dump-params`: the vector in --params syntax, after a comment naming
/// the region and anything that overrode the request. A multi-stage region
/// whose stages run as kernels of their own prints one vector per stage.
std::string dumpParams(const ir::StencilRegion &R) {
  std::string Out = "# " + R.Name + " (" + R.SourceFile + ":" +
                    std::to_string(R.SourceLine) + "): ";
  if (R.multiStage() && !R.Map.Fused) {
    Out += "one kernel per stage\n";
    for (unsigned I = 0; I < R.Stages.size(); ++I) {
      ir::StencilRegion Stage = ir::stageView(R, I);
      Stage.Name += " stage " + std::to_string(I + 1);
      Out += dumpParams(Stage);
    }
    return Out;
  }
  Out += std::string(R.PingPong ? "ping-pong pair, " : "") +
         (R.Map.Fused ? "stages fused, " : "") +
         ir::mappingKindName(R.Map.Kind) + " mapping";
  if (!R.Map.TimeBlockNote.empty())
    Out += "; " + R.Map.TimeBlockNote;
  if (!R.Variants.empty()) {
    Out += "; enter() picks by the grid's points among";
    for (const ir::StencilRegion::Variant &V : R.Variants)
      Out += " " + ir::vectorText(V.Map, R.dims()) +
             (V.UpToPoints == INT64_MAX
                  ? ""
                  : " (below " + std::to_string(V.UpToPoints) + ")");
    Out += "; for the assumed sizes";
  }
  return Out + "\n" + ir::vectorText(R.Map, R.dims()) + "\n";
}

/// Runs the pipeline on the front end's regions and prints the target code.
class RegionTranslator {
public:
  RegionTranslator(const TranslatorOptions &Options, TranslationResult &Result)
      : Options(Options), Result(Result) {}

  void operator()(clang::ASTContext &Context, FrontendResult &Found) {
    DiagnosticReporter Diags(Context.getDiagnostics());
    for (size_t I = 0; I < Found.Regions.size(); ++I) {
      ir::StencilRegion &R = Found.Regions[I];
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
      PipelineOptions Pipeline = Options.Pipeline;
      if (Options.Explain)
        Pipeline.Explain = [&](const std::string &Text) {
          llvm::outs() << "; explain " << R.Name << " (" << R.SourceFile << ":"
                       << R.SourceLine << ")\n"
                       << Text;
        };
      if (llvm::Error E =
              runStencilPipeline(R, Options.Device, Pipeline, Observe)) {
        Diags.report(Found.Bound[I].Begin->NameLoc, Diag::MappingFailed)
            << llvm::toString(std::move(E));
        continue;
      }
      if (Options.DumpIR)
        llvm::outs() << ir::printRegion(R);
      if (Options.DumpParams)
        llvm::outs() << dumpParams(R);
    }
    lowerApspRegions(Found, Options.Device, Options.Apsp, Diags, llvm::outs());
    if (!Diags.hasErrors())
      emit(Context, Found);
  }

private:
  const TranslatorOptions &Options;
  TranslationResult &Result;

  void emit(clang::ASTContext &Context, const FrontendResult &Found) {
    const std::vector<ir::StencilRegion> &Regions = Found.Regions;
    clang::SourceManager &SM = Context.getSourceManager();
    llvm::StringRef InputPath =
        SM.getFileEntryRefForID(SM.getMainFileID())->getName();
    CodegenOptions CG;
    CG.FP = Options.FP;
    CG.Device = &Options.Device;
    CG.InputName = llvm::sys::path::filename(InputPath).str();
    CG.BaseName = llvm::sys::path::stem(InputPath).str();
    CG.ToolVersion = "tilec " TILEC_VERSION;
    std::unique_ptr<Backend> Target = Options.TargetKind == Target::CUDA
                                          ? createCUDABackend(CG)
                                          : createOpenCLBackend(CG);

    // Stencil regions first, then apsp regions: the order Backend expects.
    std::vector<RegionCode> Code;
    for (const ir::StencilRegion &R : Regions)
      Code.push_back(Target->emitRegion(R));
    for (const ir::ApspRegion &R : Found.ApspRegions)
      Code.push_back(Target->emitApspRegion(R));

    clang::Rewriter Rewrite(SM, Context.getLangOpts());
    auto Replace = [&](const PragmaLine &Begin, const PragmaLine &End,
                       const RegionCode &C) {
      clang::SourceLocation Start = Begin.HashLoc;
      Rewrite.ReplaceText(
          clang::SourceRange(Start, End.EndLoc.getLocWithOffset(-1)),
          indentLines(C.CallSite, indentationAt(Start, SM)));
    };
    for (size_t I = 0; I < Regions.size(); ++I)
      Replace(*Found.Bound[I].Begin, *Found.Bound[I].End, Code[I]);
    for (size_t I = 0; I < Found.ApspRegions.size(); ++I)
      Replace(*Found.ApspBound[I].Begin, *Found.ApspBound[I].End,
              Code[Regions.size() + I]);
    if (!Code.empty()) {
      Rewrite.InsertTextBefore(SM.getLocForStartOfFile(SM.getMainFileID()),
                               Target->headerComment(Regions, Code));
      Rewrite.InsertTextAfter(Found.PreambleLoc,
                              Target->preamble(Regions, Code));
    }

    std::string MainText;
    if (const clang::RewriteBuffer *Buffer =
            Rewrite.getRewriteBufferFor(SM.getMainFileID()))
      MainText.assign(Buffer->begin(), Buffer->end());
    else
      MainText = SM.getBufferData(SM.getMainFileID()).str();
    // The user's file stays C for every target.
    Result.Files.push_back({CG.BaseName + ".c", MainText});
    // Even without regions: a build that compiles foo_tilec.cu finds it.
    for (OutputFile &F : Target->extraFiles(Regions, Code))
      Result.Files.push_back(std::move(F));
    Result.RegionCount = Code.size();
  }
};

class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ActionFactory(const TranslatorOptions &Options, TranslationResult &Result)
      : Options(Options), Result(Result) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<StencilFrontendAction>(
        RegionTranslator(Options, Result), Options.Sizes);
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
  Tool.setPrintErrorMessage(false); // Diagnostics already said what failed.
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
