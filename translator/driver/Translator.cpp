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
#include <cstdio>

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
  if (R.multiStage() && !R.Map.fused()) {
    Out += "one kernel per stage\n";
    for (unsigned I = 0; I < R.Stages.size(); ++I) {
      ir::StencilRegion Stage = ir::stageView(R, I);
      Stage.Name += " stage " + std::to_string(I + 1);
      Out += dumpParams(Stage);
    }
    return Out;
  }
  Out += std::string(R.PingPong ? "ping-pong pair, " : "") +
         (R.Map.fused() ? "stages fused, " : "") +
         ir::mappingFamilyName(R.Map.Kind) + " mapping";
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

/// Stands where a `#line` directive naming the emitted file goes, before
/// code that tilec wrote; the line it names is known only once the whole
/// text is assembled (numberGeneratedLines).
constexpr llvm::StringLiteral GeneratedMarker = "\x01tilec-generated-code";

/// `Path` as a C string literal's contents.
std::string escapedPath(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// `#line N "file"`: the next line is line N of `file`.
std::string lineDirective(unsigned Line, llvm::StringRef File) {
  return "#line " + std::to_string(Line) + " \"" + escapedPath(File) + "\"";
}

/// Replaces each GeneratedMarker by `#line` naming the emitted file itself
/// at the line after the directive.
std::string numberGeneratedLines(const std::string &Text,
                                 llvm::StringRef OutputName) {
  std::string Out;
  unsigned Line = 1;
  size_t Done = 0;
  for (size_t At = Text.find(GeneratedMarker.data()); At != std::string::npos;
       At = Text.find(GeneratedMarker.data(), Done)) {
    for (size_t I = Done; I < At; ++I)
      Line += Text[I] == '\n';
    Out += Text.substr(Done, At - Done);
    Out += lineDirective(Line + 1, OutputName);
    Done = At + GeneratedMarker.size();
  }
  return Out + Text.substr(Done);
}

/// The call site `CallSite` (a block) with `Checks` first inside it.
std::string withChecks(const std::string &CallSite, const std::string &Checks) {
  if (Checks.empty() || CallSite.rfind("{\n", 0) != 0)
    return Checks + CallSite;
  return "{\n  " + indentLines(Checks, "  ") + "\n" + CallSite.substr(2);
}

/// Runs the pipeline on the front end's regions and prints the target code.
class RegionTranslator {
public:
  RegionTranslator(const TranslatorOptions &Options, TranslationResult &Result)
      : Options(Options), Result(Result) {}

  void operator()(clang::ASTContext &Context, FrontendResult &Found) {
    DiagnosticReporter Diags(Context.getDiagnostics(), Options.Warnings);
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
      llvm::Expected<ir::LoweredRegion> L =
          runStencilPipeline(R, Options.Device, Pipeline, Observe);
      if (!L) {
        Diags.report(Found.Bound[I].Begin->NameLoc, Diag::MappingFailed)
            << llvm::toString(L.takeError());
        continue;
      }
      Lowered.push_back(std::move(*L));
      reportSlowConstruct(R, Context.getSourceManager(), Diags);
      if (Options.DumpIR)
        llvm::outs() << ir::printRegion(R);
      if (Options.DumpParams)
        llvm::outs() << dumpParams(R);
    }
    lowerApspRegions(Found, Options.Device, Options.Apsp, Diags, llvm::outs());
    clang::SourceManager &SM = Context.getSourceManager();
    bool StencilParams = Options.Pipeline.Params || Options.Pipeline.ForceNaive;
    if (StencilParams && Found.Regions.empty())
      Diags.report(clang::SourceLocation(), Diag::ParamsUnused)
          << Options.ParamsText << "'#pragma stencil' regions";
    if (Options.Apsp.Override && Found.ApspRegions.empty())
      Diags.report(clang::SourceLocation(), Diag::ParamsUnused)
          << Options.ParamsText << "'#pragma apsp' regions";
    if (Found.Regions.empty() && Found.ApspRegions.empty())
      Diags.report(SM.getLocForStartOfFile(SM.getMainFileID()), Diag::NoRegion);
    if (!Diags.hasErrors())
      emit(Context, Found);
  }

private:
  const TranslatorOptions &Options;
  TranslationResult &Result;
  /// The stencil regions as the back end prints them, in Found's order.
  std::vector<ir::LoweredRegion> Lowered;

  /// -Wtilec-slow-mapping: the statement that costs the region its
  /// temporal blocking, with the speeds the search predicts.
  static void reportSlowConstruct(const ir::StencilRegion &R,
                                  clang::SourceManager &SM,
                                  DiagnosticReporter &Diags) {
    if (!R.SlowedBy)
      return;
    const ir::StencilRegion::SlowConstruct &Slow = *R.SlowedBy;
    clang::SourceLocation Loc =
        SM.translateLineCol(SM.getMainFileID(), Slow.Line, Slow.Column);
    auto Speed = [](double G) {
      char Text[32];
      std::snprintf(Text, sizeof Text, "%.0f", G);
      return std::string(Text);
    };
    Diags.report(Loc, Diag::SlowMapping)
        << Slow.Reason << Speed(Slow.GStencils) << Speed(Slow.GStencilsWithout);
    Diags.report(Loc, Diag::SlowMappingHint)
        << std::to_string(Slow.TimeBlockWithout) << Slow.VectorWithout;
  }

  /// The checks a call site makes that the build sees the macros'
  /// values the region was translated with.
  std::string macroChecks(const FrontendResult &Found,
                          clang::SourceLocation Begin,
                          clang::SourceLocation End) const {
    std::string Out;
    if (!Found.Macros)
      return Out;
    for (const MacroValue &M : Found.Macros->expandedIn(Begin, End))
      Out += "TILEC_STATIC_ASSERT((" + M.Name + ") == (" + M.Value +
             "), \"translated with " + M.Name + " = " + M.Value +
             "; build with the same value or translate again\");\n";
    return Out;
  }

  void emit(clang::ASTContext &Context, const FrontendResult &Found) {
    const std::vector<ir::StencilRegion> &Regions = Found.Regions;
    clang::SourceManager &SM = Context.getSourceManager();
    llvm::StringRef InputPath =
        SM.getFileEntryRefForID(SM.getMainFileID())->getName();
    CodegenOptions CG;
    CG.FP = Options.FP;
    CG.Device = &Options.Device;
    CG.InputName = llvm::sys::path::filename(InputPath).str();
    CG.BaseName = Options.OutputStem.empty()
                      ? llvm::sys::path::stem(InputPath).str()
                      : Options.OutputStem;
    std::string InputName = Options.InputDisplayName.empty()
                                ? InputPath.str()
                                : Options.InputDisplayName;
    std::string OutputName = Options.OutputDisplayName.empty()
                                 ? CG.BaseName + ".c"
                                 : Options.OutputDisplayName;
    CG.ToolVersion = "tilec " TILEC_VERSION;
    std::unique_ptr<Backend> Target = Options.TargetKind == Target::CUDA
                                          ? createCUDABackend(CG)
                                          : createOpenCLBackend(CG);

    // Stencil regions first, then apsp regions: the order Backend expects.
    std::vector<RegionCode> Code;
    for (const ir::LoweredRegion &L : Lowered)
      Code.push_back(Target->emitRegion(L));
    for (const ir::ApspRegion &R : Found.ApspRegions)
      Code.push_back(Target->emitApspRegion(R));

    clang::Rewriter Rewrite(SM, Context.getLangOpts());
    // Each block tilec writes starts with a `#line` naming the emitted
    // file, and the user's code after it with one naming the user's.
    auto Replace = [&](const PragmaLine &Begin, const PragmaLine &End,
                       const RegionCode &C) {
      clang::SourceLocation Start = Begin.HashLoc;
      std::string Indent = indentationAt(Start, SM);
      std::string Code =
          withChecks(C.CallSite, macroChecks(Found, Start, End.EndLoc));
      Rewrite.ReplaceText(
          clang::SourceRange(Start, End.EndLoc.getLocWithOffset(-1)),
          GeneratedMarker.str() + "\n" + Indent + indentLines(Code, Indent) +
              "\n" +
              lineDirective(SM.getSpellingLineNumber(End.EndLoc) + 1,
                            InputName));
    };
    for (size_t I = 0; I < Regions.size(); ++I)
      Replace(*Found.Bound[I].Begin, *Found.Bound[I].End, Code[I]);
    for (size_t I = 0; I < Found.ApspRegions.size(); ++I)
      Replace(*Found.ApspBound[I].Begin, *Found.ApspBound[I].End,
              Code[Regions.size() + I]);
    if (!Code.empty()) {
      Rewrite.InsertTextBefore(SM.getLocForStartOfFile(SM.getMainFileID()),
                               Target->headerComment(Regions, Code) +
                                   lineDirective(1, InputName) + "\n");
      std::string Preamble = Target->preamble(Regions, Code);
      if (!Preamble.empty() && Preamble.back() != '\n')
        Preamble += '\n';
      Rewrite.InsertTextAfter(
          Found.PreambleLoc,
          GeneratedMarker.str() + "\n" + Preamble +
              lineDirective(SM.getSpellingLineNumber(Found.PreambleLoc),
                            InputName) +
              "\n");
    }

    std::string MainText;
    if (const clang::RewriteBuffer *Buffer =
            Rewrite.getRewriteBufferFor(SM.getMainFileID()))
      MainText.assign(Buffer->begin(), Buffer->end());
    else
      MainText = "/* Host program, generated by " + CG.ToolVersion + " from " +
                 CG.InputName +
                 ", which has no region: the file unchanged. */\n" +
                 lineDirective(1, InputName) + "\n" +
                 SM.getBufferData(SM.getMainFileID()).str();
    // The user's file stays C for every target.
    Result.Files.push_back(
        {CG.BaseName + ".c", numberGeneratedLines(MainText, OutputName)});
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
        RegionTranslator(Options, Result), Options.Sizes, Options.Warnings);
  }

private:
  const TranslatorOptions &Options;
  TranslationResult &Result;
  /// The stencil regions as the back end prints them, in Found's order.
  std::vector<ir::LoweredRegion> Lowered;
};

} // namespace

bool translateFile(const std::string &Input, const TranslatorOptions &Options,
                   TranslationResult &Result) {
  // Clang's own warnings are the C compiler's to report, once, when it
  // builds the output; so are those that C99 made errors by default and
  // GCC still only warns about (a call before the declaration).
  std::vector<std::string> Args = {"-fsyntax-only", "-xc",
                                   "-resource-dir=" + Options.ResourceDir,
                                   "-Wno-everything"};
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

} // namespace tilec
