//===- CompilerFlags.cpp - A C compiler's flags, as tilec needs them -----===//
#include "driver/CompilerFlags.h"

#include "llvm/ADT/StringRef.h"

namespace tilec {
namespace {

/// Flags whose value may also follow as the next argument (each also has
/// a joined form: `-Idir`, `-ofile`, `-MFfile`).
const char *const SeparateValueFlags[] = {
    "-o",        "-x",         "-MF",          "-MT",
    "-MQ",       "-D",         "-U",           "-I",
    "-include",  "-imacros",   "-isystem",     "-idirafter",
    "-iquote",   "-iprefix",   "-iwithprefix", "-iwithprefixbefore",
    "-isysroot", "-imultilib", "--sysroot",    "-L",
    "-l",        "-Xlinker",   "-T",           "-u",
    "-z",        "-e",         "-Xassembler",  "-Xpreprocessor",
    "-Xclang",   "-aux-info",  "--param",      "-A",
    "-B",        "-dumpbase",  "-dumpdir",     "-dumpbase-ext",
    "-wrapper",  "-target",    "-arch"};

/// Prefixes of the flags that change what the source means.
const char *const ParsingPrefixes[] = {"-D",        "-U",
                                       "-I",        "-include",
                                       "-imacros",  "-isystem",
                                       "-iquote",   "-idirafter",
                                       "-iprefix",  "-iwithprefix",
                                       "-isysroot", "--sysroot",
                                       "-std=",     "-ansi",
                                       "-m",        "--target=",
                                       "-target",   "-O",
                                       "-pthread",  "-nostdinc",
                                       "-undef",    "-Xpreprocessor"};

/// The -f flags that define macros or change the language; GCC has many
/// more, which Clang's driver would refuse.
const char *const ParsingFFlags[] = {
    "-fopenmp",          "-fopenmp-simd",  "-funsigned-char",
    "-fsigned-char",     "-fno-builtin",   "-ffreestanding",
    "-fwrapv",           "-fgnu89-inline", "-fshort-wchar",
    "-fms-extensions",   "-fcommon",       "-fno-common",
    "-fshort-enums",     "-ffast-math",    "-fno-fast-math",
    "-ffinite-math-only"};

} // namespace

bool isCompilerFlag(const std::string &Arg) {
  llvm::StringRef A(Arg);
  if (A.starts_with("--"))
    return A.starts_with("--sysroot") || A.starts_with("--target=") ||
           A == "--param";
  // tilec's own options also parse with one dash (`-fp-model=fast`).
  if (A.starts_with("-fp-model"))
    return false;
  return A.size() > 1 && A[0] == '-';
}

bool takesSeparateValue(const std::string &Arg) {
  for (const char *Flag : SeparateValueFlags)
    if (Arg == Flag)
      return true;
  return false;
}

std::vector<std::string> flagsForParsing(const std::vector<std::string> &Args) {
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string Arg = Args[I];
    bool Separate = takesSeparateValue(Arg) && I + 1 < Args.size();
    std::string Value = Separate ? Args[++I] : "";
    llvm::StringRef A(Arg);
    bool Parsing = false;
    if (A.starts_with("-f")) {
      for (const char *F : ParsingFFlags)
        Parsing |= A == F || (A.starts_with(F) && A[strlen(F)] == '=');
      Parsing |= A.starts_with("-fno-builtin-");
      // Clang's SARIF printer needs a writer that only its own driver
      // sets up; tilec reports in Clang's text formats.
      Parsing |= A == "-fdiagnostics-format=clang" ||
                 A == "-fdiagnostics-format=msvc" ||
                 A == "-fdiagnostics-format=vi" ||
                 A.starts_with("-fdiagnostics-color") ||
                 A == "-fcolor-diagnostics" || A == "-fno-color-diagnostics";
    } else {
      for (const char *P : ParsingPrefixes)
        Parsing |= A.starts_with(P);
    }
    if (!Parsing)
      continue;
    Kept.push_back(Arg);
    if (Separate)
      Kept.push_back(Value);
  }
  return Kept;
}

} // namespace tilec
