//===- CompilerArguments.h - tilec-cc's command line, sorted ----*- C++ -*-===//
//
// tilec-cc takes a C compiler's command line plus tilec's own options, so
// that it can stand in for cc in an existing build. This sorts every
// argument by where it has to go: tilec's options stay with tilec-cc;
// preprocessor and language flags go to tilec's Clang parser as well as to
// the C compiler (the translation must see the program the compiler sees);
// inputs are either sources to translate or files passed on unchanged; the
// output, stage and dependency flags are rewritten per build step.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_COMPILERARGUMENTS_H
#define TILEC_DRIVER_CC_COMPILERARGUMENTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec::cc {

/// One argument as given, together with the word after it when the option
/// takes its value separately (`-I dir`, `-o out`, `-x c`, `-MF f.d`).
struct Argument {
  enum Kind {
    Input,          ///< A file to compile or link (or `-` for stdin).
    Output,         ///< -o FILE.
    StageOption,    ///< -c, -S, -E, -M, -MM, -fsyntax-only.
    LanguageOption, ///< -x LANG: the language of the inputs after it.
    Dependency,     ///< -MD -MMD -MF -MT -MQ -MP -MG.
    Compile,        ///< Any other flag; also kept in link commands.
    Link,           ///< Meaningful only when linking: -l, -L, -Wl, ...
  };
  Kind K = Compile;
  std::vector<std::string> Words;
  /// Also given to tilec's parser: -D, -U, -I and the other include
  /// options, -std=, warnings, the few flags that change the language.
  bool ToTranslator = false;
  /// For inputs: the `-x` language in effect ("" when none was given).
  std::string Language;

  const std::string &path() const { return Words.back(); }
};

/// -MD and friends, gathered: translated sources get their dependency file
/// from tilec-cc, which needs all of them together.
struct DependencyOptions {
  bool Write = false;           ///< -MD or -MMD.
  bool UserHeadersOnly = false; ///< -MMD.
  bool PhonyHeaders = false;    ///< -MP.
  std::string File;             ///< -MF; empty: named as the compiler would.
  /// -MT and -MQ arguments, each as its option and value, in order.
  std::vector<std::vector<std::string>> Targets;
};

/// The options tilec-cc reads itself, all spelled so that no C compiler's
/// option is taken for one.
struct TilecOptions {
  std::string Target = "opencl";
  std::string Device; ///< Empty: the target's default profile.
  std::string FPModel = "strict";
  /// --params=, --assume=, --explain, --dump-params: handed to tilec.
  std::vector<std::string> TranslatorFlags;
  std::vector<std::string> NvccArgs; ///< --nvcc-arg=
  bool Keep = false;
  bool Verbose = false; ///< -v, --verbose: print each command, then run it.
  bool DryRun = false;  ///< --dry-run, -show, -###: print, run nothing.
  bool Help = false;
  bool Version = false;
};

/// What the command does, the way gcc chooses it: the earliest stage named
/// wins (-E over -S over -c).
enum class Stage {
  Link,        ///< No stage flag: compile what needs it, then link.
  Compile,     ///< -c: one object per source.
  PassThrough, ///< -E, -S, -M, -MM, -fsyntax-only: the C compiler alone.
};

struct CompilerArguments {
  TilecOptions Tilec;
  /// Everything except tilec's options and what follows `--`, in order.
  std::vector<Argument> Args;
  /// After `--`: to tilec's parser and to every C compiler command.
  std::vector<std::string> AfterDashDash;
  Stage Mode = Stage::Link;
  std::optional<std::string> OutputPath; ///< The last -o.
  DependencyOptions Deps;
  bool Empty = false; ///< Nothing at all on the command line.

  /// Indices into Args of the inputs, in order.
  std::vector<size_t> inputs() const;
  bool hasInputs() const { return !inputs().empty(); }
};

/// Parses tilec-cc's command line (without argv[0]).
llvm::Expected<CompilerArguments>
parseCompilerArguments(llvm::ArrayRef<std::string> Words);

/// Sorts one argument (and the one after it when the option takes a
/// separate value): returns how many words it used.
size_t classifyArgument(llvm::ArrayRef<std::string> Words, Argument &Out);

/// Whether \p Flag is a warning option naming one of tilec's own warnings
/// (`-Wtilec-x`, `-Wno-tilec-x`, `-Werror=tilec-x`, `-Wno-error=tilec-x`,
/// and `tilec` alone for all): tilec reads them; a C compiler would reject
/// them.
bool isTilecWarningFlag(llvm::StringRef Flag);

/// \p Words without tilec's warning options: what may reach a C compiler.
std::vector<std::string> forCompiler(llvm::ArrayRef<std::string> Words);

/// Of the flags in \p Words (a C compiler command such as `gcc -std=c99`),
/// those that tilec's parser needs too.
std::vector<std::string> translatorFlags(llvm::ArrayRef<std::string> Words);

/// Whether \p Input is C source: `-x c`, or a `.c` file with no `-x`.
bool isCSource(const Argument &Input);

/// Whether \p Input is something a compiler compiles (as opposed to an
/// object, archive or library that only the link reads).
bool isCompiledInput(const Argument &Input);

} // namespace tilec::cc

#endif
