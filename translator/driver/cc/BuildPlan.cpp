//===- BuildPlan.cpp - The commands one tilec-cc run executes -------------===//
#include "driver/cc/BuildPlan.h"

#include "driver/cc/DependencyFile.h"
#include "driver/cc/Outputs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace tilec::cc {

namespace {

std::string join(StringRef Dir, StringRef Name) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  return Path.str().str();
}

void append(std::vector<std::string> &To, ArrayRef<std::string> From) {
  To.insert(To.end(), From.begin(), From.end());
}

bool hasWord(const CompilerArguments &Args, ArrayRef<StringRef> Words) {
  for (const Argument &A : Args.Args)
    if (is_contained(Words, StringRef(A.Words[0])))
      return true;
  for (const std::string &W : Args.AfterDashDash)
    if (is_contained(Words, StringRef(W)))
      return true;
  return false;
}

/// The files and commands of one translated source.
struct TranslatedSource {
  const Argument *Source;
  std::string Dir;  ///< Its own directory in the work directory.
  std::string Stem; ///< tilec writes Stem.c (and Stem_tilec.cu, .h).

  std::string file(StringRef Suffix) const {
    return join(Dir, Stem + Suffix.str());
  }
};

class Planner {
public:
  explicit Planner(const BuildSetup &S) : S(S), Args(*S.Args) {}

  std::vector<Step> plan() {
    std::vector<TranslatedSource> Sources;
    for (size_t I : S.Translated) {
      const Argument &A = Args.Args[I];
      Sources.push_back({&A, join(S.WorkDir, std::to_string(I)),
                         sys::path::stem(A.path()).str()});
    }
    for (const TranslatedSource &T : Sources)
      translate(T);
    if (Args.Mode == Stage::Compile) {
      for (const TranslatedSource &T : Sources)
        compileToObject(T);
      passOnTheRest();
    } else if (Args.Mode == Stage::Link) {
      for (const TranslatedSource &T : Sources)
        compileForLink(T);
      link();
    } else
      passOnTheRest();
    return std::move(Steps);
  }

private:
  const BuildSetup &S;
  const CompilerArguments &Args;
  std::vector<Step> Steps;
  /// Steps that wait for the outputs: the dependency files.
  std::vector<Step> Pending;
  /// Per translated input: the objects that replace it in the link.
  std::map<const Argument *, std::vector<std::string>> Objects;

  bool cuda() const { return Args.Tilec.Target == "cuda"; }

  void run(std::vector<std::string> Command) {
    Steps.push_back({std::move(Command), "", nullptr});
  }
  void act(std::string Note, std::function<Error()> Action) {
    Steps.push_back({{}, std::move(Note), std::move(Action)});
  }

  /// tilec reads the source by the path the user gave, from the same
  /// working directory as the compiler, so that the `#line` directives it
  /// writes make the compiler's messages name the user's file.
  void translate(const TranslatedSource &T) {
    std::vector<std::string> Command = {
        S.Tilec, "--target=" + Args.Tilec.Target, "--device=" + S.ProfilePath,
        "--fp-model=" + Args.Tilec.FPModel};
    append(Command, Args.Tilec.TranslatorFlags);
    append(Command, {"-o", T.Dir, T.Source->path(), "--"});
    for (const Argument &A : Args.Args)
      if (A.ToTranslator)
        append(Command, A.Words);
    append(Command, S.TranslatorExtra);
    append(Command, Args.AfterDashDash);
    run(std::move(Command));
  }

  /// The user's compile flags, in their order.
  std::vector<std::string> compileFlags() const {
    std::vector<std::string> Flags;
    for (const Argument &A : Args.Args)
      if (A.K == Argument::Compile)
        append(Flags, A.Words);
    return Flags;
  }

  /// Compiles the translated C file into \p Object, and then refuses to go
  /// on if \p Output (what the command writes for it: the object or the
  /// program) or its dependency file is one of the files the compile read:
  /// headers, which the command line does not name, are inputs too. The
  /// compiler's dependency output says which they are, so it is always
  /// asked for; with -MD it becomes the user's dependency file, written
  /// (by a pending step) once the output it describes is in place.
  void compileC(const TranslatedSource &T, const std::string &Object,
                const std::string &Output) {
    // Quoted includes are looked up next to the including file first: the
    // user's file is in the work directory now, so its own directory comes
    // before any -iquote and -I of the user's. The runtime's headers are
    // system headers to the user's program (no warnings, not in -MMD).
    std::string SourceDir = sys::path::parent_path(T.Source->path()).str();
    std::vector<std::string> Flags = {"-iquote",
                                      SourceDir.empty() ? "." : SourceDir};
    append(Flags, compileFlags());
    append(Flags, Args.AfterDashDash);
    append(Flags, {"-c", T.file(".c"), "-isystem", S.RuntimeInclude});
    DependencyOutput Deps = dependencyOutput(Args, T.Source->path());
    std::string CompilerDeps = T.file(".compiler.d");
    append(Flags,
           {Args.Deps.UserHeadersOnly ? "-MMD" : "-MD", "-MF", CompilerDeps});
    for (const std::vector<std::string> &Target : Args.Deps.Targets)
      append(Flags, Target);
    // The compiler's own default target, quoted as it quotes it.
    if (Args.Deps.Targets.empty())
      append(Flags, {"-MQ", Deps.Target});
    append(Flags, {"-o", Object});
    run(S.CC.with(forCompiler(Flags)));

    bool Write = Args.Deps.Write, Phony = Args.Deps.PhonyHeaders;
    DependencyRewrite Rewrite{
        T.file(".c"), T.Source->path(), S.WorkDir, {S.ProfilePath}};
    std::vector<std::string> Outputs = {Output};
    if (Write)
      Outputs.push_back(Deps.File);
    std::string Staged = T.file(".d");
    act("check that no output is a file " + T.Source->path() + " reads (from " +
            CompilerDeps + ")" +
            (Write ? "; rewrite it for " + T.Source->path() + " into " +
                         Staged + ", plus " + S.ProfilePath
                   : ""),
        [=]() -> Error {
          ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
              MemoryBuffer::getFile(CompilerDeps);
          if (!Text)
            return createStringError(Text.getError(),
                                     "cannot read " + CompilerDeps);
          Expected<DependencyRule> Rule =
              parseDependencyRule((*Text)->getBuffer());
          if (!Rule)
            return Rule.takeError();
          rewriteDependencies(*Rule, Rewrite);
          if (Error E = checkNotInputs(Outputs, Rule->Prerequisites))
            return E;
          if (!Write)
            return Error::success();
          std::error_code EC;
          raw_fd_ostream OS(Staged, EC);
          if (EC)
            return createStringError(EC, "cannot write " + Staged);
          OS << printDependencyRule(*Rule, Phony);
          OS.close();
          if (OS.has_error())
            return createStringError(OS.error(), "cannot write " + Staged);
          return Error::success();
        });
    if (Write) {
      std::string Final = Deps.File;
      Pending.push_back({{}, "move " + Staged + " to " + Final, [=] {
                           return moveIntoPlace(Staged, Final);
                         }});
    }
  }

  /// The device half of a CUDA translation: the kernels and host functions,
  /// built by nvcc with none of the user's C flags (the sizes are in the
  /// file).
  std::string compileDevice(const TranslatedSource &T) {
    std::string Object = T.file("_tilec.o");
    std::vector<std::string> Flags = {"-O3", "-arch=" + S.CudaArch,
                                      "-c",  T.file("_tilec.cu"),
                                      "-I",  S.RuntimeInclude};
    if (Args.Tilec.FPModel == "strict")
      Flags.push_back("-fmad=false");
    // Objects meant for a shared library must all be position independent.
    if (hasWord(Args, {"-fPIC", "-fpic", "-shared"}))
      Flags.push_back("-Xcompiler=-fPIC");
    append(Flags, Args.Tilec.NvccArgs);
    append(Flags, {"-o", Object});
    run(S.NVCC->with(Flags));
    return Object;
  }

  /// -c: one object per translated source, moved into place only once it
  /// is complete. CUDA's two objects are linked into one relocatable
  /// object, so that a later link (plain make rules) needs only it.
  void compileToObject(const TranslatedSource &T) {
    std::string Final =
        Args.OutputPath.value_or(defaultObject(T.Source->path()));
    std::string Staged = T.file(".o");
    if (cuda()) {
      std::string C = T.file(".host.o");
      compileC(T, C, Final);
      std::string Device = compileDevice(T);
      std::vector<std::string> Flags;
      for (const Argument &A : Args.Args)
        if (A.K == Argument::Compile &&
            is_contained({StringRef("-m32"), StringRef("-m64"),
                          StringRef("-mx32"), StringRef("-v")},
                         StringRef(A.Words[0])))
          append(Flags, A.Words);
      append(Flags, {"-r", "-nostdlib", C, Device, "-o", Staged});
      run(S.PartialLinker.with(Flags));
    } else
      compileC(T, Staged, Final);
    act("move " + Staged + " to " + Final,
        [=] { return moveIntoPlace(Staged, Final); });
    flushPending();
  }

  void flushPending() {
    append_range(Steps, Pending);
    Pending.clear();
  }

  void compileForLink(const TranslatedSource &T) {
    std::string C = T.file(".o");
    compileC(T, C, Args.OutputPath.value_or("a.out"));
    Objects[T.Source] = {C};
    if (cuda())
      Objects[T.Source].push_back(compileDevice(T));
  }

  /// The user's command without the translated sources (-c) or with their
  /// objects in their place (linking), keeping the order: it matters to
  /// the linker.
  std::vector<std::string> userCommand(bool ReplaceTranslated) const {
    std::vector<std::string> Words;
    for (const Argument &A : Args.Args) {
      auto Found = Objects.find(&A);
      bool Translated = is_contained(S.Translated, &A - Args.Args.data());
      if (!Translated) {
        append(Words, A.Words);
        continue;
      }
      if (!ReplaceTranslated || Found == Objects.end())
        continue;
      // Under `-x c` the objects would be read as C.
      bool Language = !A.Language.empty() && A.Language != "none";
      if (Language)
        append(Words, {"-x", "none"});
      append(Words, Found->second);
      if (Language)
        append(Words, {"-x", A.Language});
    }
    append(Words, Args.AfterDashDash);
    return forCompiler(Words);
  }

  std::vector<std::string> runtimeFlags() const {
    bool OpenCL = S.Linked.OpenCL, CUDA = S.Linked.CUDA;
    if (!S.Translated.empty())
      (cuda() ? CUDA : OpenCL) = true;
    std::vector<std::string> Flags;
    if (OpenCL)
      append(Flags, {join(S.RuntimeLibDir, "libtilec_rt_opencl.a"), "-lOpenCL",
                     "-lm"});
    if (CUDA) {
      Flags.push_back(join(S.RuntimeLibDir, "libtilec_rt_cuda.a"));
      append(Flags, S.Cudart->linkFlags());
    }
    return Flags;
  }

  void link() {
    std::vector<std::string> Command = S.CC.with(userCommand(true));
    append(Command, runtimeFlags());
    run(std::move(Command));
    flushPending();
  }

  /// What the C compiler does alone: plain sources and other inputs under
  /// -c, or all of -E, -S and friends. Nothing when nothing is left.
  void passOnTheRest() {
    size_t Left = 0;
    for (size_t I : Args.inputs())
      Left += !is_contained(S.Translated, I);
    if (Left == 0 && !S.Translated.empty())
      return;
    run(S.CC.with(userCommand(false)));
  }
};

bool needsQuotes(StringRef Word) {
  if (Word.empty())
    return true;
  for (char C : Word)
    if (!isAlnum(C) && !StringRef("-_./=:,+%@").contains(C))
      return true;
  return false;
}

} // namespace

std::vector<Step> planBuild(const BuildSetup &Setup) {
  return Planner(Setup).plan();
}

std::string shellCommand(ArrayRef<std::string> Argv) {
  std::string Line;
  for (const std::string &W : Argv) {
    if (!Line.empty())
      Line += ' ';
    if (!needsQuotes(W)) {
      Line += W;
      continue;
    }
    Line += '\'';
    for (char C : W)
      Line += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Line += '\'';
  }
  return Line;
}

int runSteps(ArrayRef<Step> Steps, bool Print, bool DryRun, raw_ostream &OS) {
  for (const Step &St : Steps) {
    if (Print || DryRun) {
      OS << (St.Command.empty() ? "# " + St.Note : shellCommand(St.Command))
         << "\n";
      OS.flush();
    }
    if (DryRun)
      continue;
    if (St.Command.empty()) {
      if (Error E = St.Action()) {
        WithColor::error(errs(), "tilec-cc") << toString(std::move(E)) << "\n";
        return 1;
      }
      continue;
    }
    std::vector<StringRef> Refs(St.Command.begin(), St.Command.end());
    std::string Message;
    int Status = sys::ExecuteAndWait(St.Command[0], Refs, std::nullopt, {}, 0,
                                     0, &Message);
    if (Status < 0) {
      WithColor::error(errs(), "tilec-cc")
          << "cannot run " << St.Command[0] << ": " << Message << "\n";
      return 1;
    }
    if (Status != 0)
      return Status;
  }
  return 0;
}

} // namespace tilec::cc
