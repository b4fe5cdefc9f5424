//===- CompilerArguments.cpp - tilec-cc's command line, sorted ------------===//
//
// The option tables follow GCC's driver: which options take a separate
// value, which only the linker reads, which decide the stage. Anything not
// listed is a compile flag and reaches the C compiler unchanged.
//
//===----------------------------------------------------------------------===//
#include "driver/cc/CompilerArguments.h"
#include "driver/CompilerFlags.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace tilec::cc {

namespace {

/// Options with a value that tilec's parser needs: they change which
/// headers are found and which macros are defined.
bool isPreprocessorOption(StringRef Flag) {
  for (StringRef Prefix :
       {"-D", "-U", "-I", "-include", "-imacros", "-isystem", "-idirafter",
        "-iquote", "-iprefix", "-iwithprefix", "-isysroot", "--sysroot"})
    if (Flag.starts_with(Prefix))
      return true;
  return false;
}

bool isWarningFlag(StringRef Flag) {
  if (Flag == "-w" || Flag == "-pedantic" || Flag == "-pedantic-errors" ||
      Flag == "--pedantic" || Flag == "--pedantic-errors")
    return true;
  // -Wl, and -Wa, carry linker and assembler options; -Wp, preprocessor
  // ones, which tilec's parser wants as well.
  return Flag.starts_with("-W") && !Flag.starts_with("-Wl,") &&
         !Flag.starts_with("-Wa,");
}

/// Flags without a value that change the language tilec parses. Other
/// -f and -m flags are for code generation only; many of GCC's are unknown
/// to Clang, which would stop the translation.
bool isLanguageFlag(StringRef Flag) {
  if (Flag.starts_with("-std=") || Flag.starts_with("-O"))
    return true;
  return StringSwitch<bool>(Flag)
      .Cases("-ansi", "-nostdinc", "-undef", "-pthread", true)
      .Cases("-m32", "-m64", "-mx32", true)
      .Cases("-fopenmp", "-fopenmp-simd", "-ffreestanding", "-fno-builtin",
             true)
      .Cases("-fsigned-char", "-fno-signed-char", "-funsigned-char",
             "-fno-unsigned-char", true)
      .Cases("-fshort-enums", "-fno-short-enums", "-fshort-wchar",
             "-fno-short-wchar", true)
      .Cases("-fms-extensions", "-fgnu89-inline", "-fno-gnu89-inline", true)
      .Cases("-ffast-math", "-fno-fast-math", "-ffinite-math-only", true)
      .Default(false);
}

bool isLinkOnly(StringRef Flag) {
  if (Flag == "-undef")
    return false;
  if (Flag.starts_with("-l") || Flag.starts_with("-L") ||
      Flag.starts_with("-Wl,") || Flag.starts_with("-Xlinker") ||
      Flag.starts_with("-T") || Flag.starts_with("-u") ||
      Flag.starts_with("-z") || Flag.starts_with("--entry"))
    return true;
  return StringSwitch<bool>(Flag)
      .Cases("-e", "-s", "-static", "-static-libgcc", "-static-pie", true)
      .Cases("-shared", "-rdynamic", "-nostdlib", "-nostartfiles", true)
      .Cases("-nodefaultlibs", "-nolibc", "-pie", "-no-pie", "-r", true)
      .Default(false);
}

/// The option of a joined dependency flag (-MFfile -> -MF), or "".
StringRef dependencyOption(StringRef Flag) {
  for (StringRef Option : {"-MF", "-MT", "-MQ"})
    if (Flag.starts_with(Option))
      return Option;
  return "";
}

} // namespace

size_t classifyArgument(ArrayRef<std::string> Words, Argument &Out) {
  StringRef Flag = Words[0];
  Out = Argument();
  Out.Words.push_back(Words[0]);
  if (Flag == "-" || !Flag.starts_with("-")) {
    Out.K = Argument::Input;
    return 1;
  }
  size_t Used = 1;
  if (takesSeparateValue(Flag.str()) && Words.size() > 1) {
    Out.Words.push_back(Words[1]);
    Used = 2;
  }

  if (Flag.starts_with("-o"))
    Out.K = Argument::Output;
  else if (Flag == "-x" || (Flag.starts_with("-x") && Flag.size() > 2))
    Out.K = Argument::LanguageOption;
  else if (Flag == "-c" || Flag == "-S" || Flag == "-E" || Flag == "-M" ||
           Flag == "-MM" || Flag == "-fsyntax-only")
    Out.K = Argument::StageOption;
  else if (Flag == "-MD" || Flag == "-MMD" || Flag == "-MP" || Flag == "-MG" ||
           !dependencyOption(Flag).empty())
    Out.K = Argument::Dependency;
  else if (isLinkOnly(Flag))
    Out.K = Argument::Link;
  else {
    Out.K = Argument::Compile;
    Out.ToTranslator = isPreprocessorOption(Flag) || isWarningFlag(Flag) ||
                       isLanguageFlag(Flag);
  }
  return Used;
}

bool isTilecWarningFlag(StringRef Flag) {
  if (!Flag.consume_front("-W") || Flag.starts_with("l,") ||
      Flag.starts_with("a,") || Flag.starts_with("p,"))
    return false;
  Flag.consume_front("no-");
  Flag.consume_front("error=");
  // `tilec` alone names all of them.
  return Flag == "tilec" || Flag.starts_with("tilec-");
}

std::vector<std::string> forCompiler(ArrayRef<std::string> Words) {
  std::vector<std::string> Kept;
  for (const std::string &W : Words)
    if (!isTilecWarningFlag(W))
      Kept.push_back(W);
  return Kept;
}

std::vector<std::string> translatorFlags(ArrayRef<std::string> Words) {
  std::vector<std::string> Flags;
  for (size_t I = 0; I < Words.size();) {
    if (!StringRef(Words[I]).starts_with("-")) {
      ++I;
      continue;
    }
    Argument A;
    I += classifyArgument(Words.drop_front(I), A);
    if (A.ToTranslator)
      Flags.insert(Flags.end(), A.Words.begin(), A.Words.end());
  }
  return Flags;
}

static bool hasExtension(StringRef Path, std::initializer_list<StringRef> Ext) {
  StringRef E = sys::path::extension(Path);
  return std::find(Ext.begin(), Ext.end(), E) != Ext.end();
}

bool isCSource(const Argument &Input) {
  if (Input.K != Argument::Input || Input.path() == "-")
    return false;
  if (!Input.Language.empty() && Input.Language != "none")
    return Input.Language == "c";
  return sys::path::extension(Input.path()) == ".c";
}

bool isCompiledInput(const Argument &Input) {
  if (Input.K != Argument::Input)
    return false;
  if (Input.path() == "-" ||
      (!Input.Language.empty() && Input.Language != "none"))
    return true;
  return hasExtension(Input.path(),
                      {".c",   ".i",   ".h",   ".s",   ".S",   ".sx",
                       ".cc",  ".cp",  ".cxx", ".cpp", ".CPP", ".c++",
                       ".C",   ".ii",  ".hh",  ".hpp", ".m",   ".mi",
                       ".mm",  ".M",   ".f",   ".F",   ".for", ".f90",
                       ".F90", ".f95", ".f03", ".go",  ".d"});
}

std::vector<size_t> CompilerArguments::inputs() const {
  std::vector<size_t> Found;
  for (size_t I = 0; I < Args.size(); ++I)
    if (Args[I].K == Argument::Input)
      Found.push_back(I);
  return Found;
}

static Error usageError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Expected<CompilerArguments>
parseCompilerArguments(ArrayRef<std::string> Words) {
  CompilerArguments R;
  R.Empty = Words.empty();
  TilecOptions &T = R.Tilec;
  std::string Language;
  bool SawCompile = false, SawPassThrough = false;
  for (size_t I = 0; I < Words.size();) {
    StringRef W = Words[I];
    if (W == "--") {
      R.AfterDashDash.assign(Words.begin() + I + 1, Words.end());
      break;
    }
    // tilec's own options: a `--` prefix that no C compiler uses for these
    // names (Clang's --target= takes a triple, which is never a tilec
    // target).
    if (W.consume_front("--target=")) {
      if (W != "opencl" && W != "cuda")
        return usageError("--target must be opencl or cuda, not '" + W + "'");
      T.Target = W.str();
    } else if (W.consume_front("--device="))
      T.Device = W.str();
    else if (W.consume_front("--fp-model=")) {
      if (W != "strict" && W != "fast")
        return usageError("--fp-model must be strict or fast, not '" + W + "'");
      T.FPModel = W.str();
    } else if (W.starts_with("--params=") || W.starts_with("--assume=") ||
               W == "--explain" || W == "--dump-params")
      T.TranslatorFlags.push_back(W.str());
    else if (W.consume_front("--nvcc-arg="))
      T.NvccArgs.push_back(W.str());
    else if (W == "--keep")
      T.Keep = true;
    else if (W == "--verbose")
      T.Verbose = true;
    else if (W == "--dry-run" || W == "-show" || W == "-###")
      T.DryRun = true;
    else if (W == "--help")
      T.Help = true;
    else if (W == "--version")
      T.Version = true;
    else {
      Argument A;
      size_t Used = classifyArgument(Words.drop_front(I), A);
      if (A.Words.size() < 2 && (A.Words[0] == "-o" || A.Words[0] == "-x" ||
                                 dependencyOption(A.Words[0]) == A.Words[0]))
        return usageError("missing argument to '" + A.Words[0] + "'");
      StringRef First = A.Words[0];
      switch (A.K) {
      case Argument::Input:
        A.Language = Language;
        break;
      case Argument::Output:
        R.OutputPath = A.Words.size() == 2 ? A.Words[1] : First.substr(2).str();
        break;
      case Argument::LanguageOption:
        Language = A.Words.size() == 2 ? A.Words[1] : First.substr(2).str();
        break;
      case Argument::StageOption:
        if (First == "-c")
          SawCompile = true;
        else
          SawPassThrough = true;
        break;
      case Argument::Dependency:
        if (First == "-MD" || First == "-MMD") {
          R.Deps.Write = true;
          R.Deps.UserHeadersOnly |= First == "-MMD";
        } else if (First == "-MP")
          R.Deps.PhonyHeaders = true;
        else if (StringRef Option = dependencyOption(First); !Option.empty()) {
          std::string Value = A.Words.size() == 2
                                  ? A.Words[1]
                                  : First.drop_front(Option.size()).str();
          if (Option == "-MF")
            R.Deps.File = Value;
          else
            R.Deps.Targets.push_back({Option.str(), Value});
        }
        break;
      case Argument::Compile:
        if (First == "-v")
          T.Verbose = true;
        break;
      default:
        break;
      }
      R.Args.push_back(std::move(A));
      I += Used;
      continue;
    }
    ++I;
  }
  R.Mode = SawPassThrough ? Stage::PassThrough
           : SawCompile   ? Stage::Compile
                          : Stage::Link;
  return R;
}

} // namespace tilec::cc
