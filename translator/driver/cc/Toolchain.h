//===- Toolchain.h - The C compiler and nvcc tilec-cc runs ------*- C++ -*-===//
//
// Build systems name compilers as commands, not programs: CC="ccache gcc",
// CC=mpicc, CC="gcc -m64". This finds them the way make and CMake users
// expect (TILEC_CC, then CC, then cc; NVCC, then nvcc), and never picks
// tilec-cc itself: `CC=tilec-cc make` exports CC, so the CC tilec-cc sees
// names tilec-cc.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_TOOLCHAIN_H
#define TILEC_DRIVER_CC_TOOLCHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec::cc {

/// A program with the words it starts with; Words[0] is the program's
/// path, the rest come before the arguments of every run.
struct ToolCommand {
  std::vector<std::string> Words;
  std::string Origin; ///< Where it came from, for messages: "CC", "cc".

  /// The command with \p Args after it.
  std::vector<std::string> with(llvm::ArrayRef<std::string> Args) const;
};

/// The C compiler: $TILEC_CC, else $CC, else `cc`, passing over a variable
/// that names tilec-cc (\p Self is tilec-cc's own path).
llvm::Expected<ToolCommand> findCCompiler(llvm::StringRef Self);

/// nvcc: $NVCC, else `nvcc` on PATH or in /usr/local/cuda/bin.
llvm::Expected<ToolCommand> findNvcc();

/// Runs \p Argv with stdin empty and returns what it printed on stdout (and
/// stderr with \p WithStderr), or an error if it could not run or failed.
/// Writes only a temporary file, removed before it returns.
llvm::Expected<std::string> captureOutput(llvm::ArrayRef<std::string> Argv,
                                          bool WithStderr = false);

/// What an MPI compiler wrapper (mpicc) adds to the compiler it runs.
struct MpiWrapper {
  /// The compiler it runs, for the steps that must not get MPI's libraries
  /// (a relocatable link).
  ToolCommand Compiler;
  /// Its -I, -D and -isystem flags, which tilec's parser needs to find
  /// mpi.h.
  std::vector<std::string> CompileFlags;
};

/// Asks \p CC, if it is an MPI wrapper, what it adds: `-showme:command`
/// and `-showme:compile` (Open MPI), else `-show` (MPICH). Empty for other
/// compilers, which are not asked.
std::optional<MpiWrapper> askMpiWrapper(const ToolCommand &CC);

} // namespace tilec::cc

#endif
