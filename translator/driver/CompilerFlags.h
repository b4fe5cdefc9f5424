//===- CompilerFlags.h - A C compiler's flags, as tilec needs them -*- C++
//-*-===//
//
// tilec sees the command line a C compiler would get (`-DNX=64 -Iinc -O2
// -Wall -std=c99 -c`), from the user or from tilec-cc. Its own parse needs
// only the flags that change what the file means: macros, include paths,
// the language standard, the target. Everything else (outputs, dependency
// files, optimisation, GCC's own -f and -W flags, which Clang's driver may
// reject) is the C compiler's business and never reaches Clang.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_COMPILERFLAGS_H
#define TILEC_DRIVER_COMPILERFLAGS_H

#include <string>
#include <vector>

namespace tilec {

/// Whether `Arg` (with its value, e.g. `-DNX=64`, or alone, e.g. `-I`) is a
/// C compiler's flag rather than one of tilec's `--` options.
bool isCompilerFlag(const std::string &Arg);

/// Whether the compiler flag `Arg` takes the next argument as its value
/// (`-D NX=64`, `-include x.h`, `-MF deps.d`).
bool takesSeparateValue(const std::string &Arg);

/// The flags of `Args` that Clang must see to parse the file as the C
/// compiler will, in order, values attached to their flags.
std::vector<std::string> flagsForParsing(const std::vector<std::string> &Args);

} // namespace tilec

#endif
