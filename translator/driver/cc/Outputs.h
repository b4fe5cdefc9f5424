//===- Outputs.h - The files a tilec-cc command writes ----------*- C++ -*-===//
//
// tilec-cc names its outputs as the C compiler would (foo.o for -c foo.c,
// foo.d beside it for -MD), refuses any that is one of its inputs, and puts
// each in place whole: a failed step leaves nothing half written and an
// older output untouched.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_OUTPUTS_H
#define TILEC_DRIVER_CC_OUTPUTS_H

#include "driver/cc/CompilerArguments.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tilec::cc {

/// The object `cc -c` writes for \p Source without -o: its name with `.o`
/// for the extension, in the working directory.
std::string defaultObject(llvm::StringRef Source);

/// Where `cc -MD` writes \p Source's dependencies, and the target it names.
struct DependencyOutput {
  std::string File;
  std::string Target; ///< Used when no -MT or -MQ is given.
};
DependencyOutput dependencyOutput(const CompilerArguments &Args,
                                  llvm::StringRef Source);

/// Every file the command would write: objects or the program,
/// dependency files, -S's assembly.
std::vector<std::string> commandOutputs(const CompilerArguments &Args);

/// Fails, naming both, if any of \p Outputs is the same file as one of
/// \p Inputs (by llvm::sys::fs::equivalent, so links and `./x` count).
llvm::Error checkNotInputs(llvm::ArrayRef<std::string> Outputs,
                           llvm::ArrayRef<std::string> Inputs);

/// Moves \p From to \p To in one step, also across file systems (copied to
/// a temporary file beside \p To, then renamed).
llvm::Error moveIntoPlace(llvm::StringRef From, llvm::StringRef To);

} // namespace tilec::cc

#endif
