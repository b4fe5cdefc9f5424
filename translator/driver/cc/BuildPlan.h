//===- BuildPlan.h - The commands one tilec-cc run executes -----*- C++ -*-===//
//
// A tilec-cc command line becomes a list of steps decided before any of
// them runs, so that --dry-run and -v print exactly what a build does. Each
// translated source gets its own steps (tilec, the C compiler, for CUDA
// also nvcc and a relocatable link into one object); everything else on the
// command line reaches the C compiler as the user wrote it, in one command.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_BUILDPLAN_H
#define TILEC_DRIVER_CC_BUILDPLAN_H

#include "driver/cc/CompilerArguments.h"
#include "driver/cc/CudaToolkit.h"
#include "driver/cc/InputScan.h"
#include "driver/cc/Toolchain.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tilec::cc {

/// A command to run, or an action of tilec-cc's own (rewriting a
/// dependency file, moving an output into place) with a line saying what
/// it does.
struct Step {
  std::vector<std::string> Command;
  std::string Note;
  std::function<llvm::Error()> Action;
};

/// Everything the plan depends on, found before planning.
struct BuildSetup {
  const CompilerArguments *Args = nullptr;
  ToolCommand CC;
  /// Links CUDA's two objects into one: the C compiler, but not an MPI
  /// wrapper, whose libraries have no place in a relocatable object.
  ToolCommand PartialLinker;
  std::optional<ToolCommand> NVCC;           ///< For CUDA translations.
  std::optional<CudaRuntimeLibrary> Cudart;  ///< When CUDA is linked.
  std::string Tilec;                         ///< tilec's path.
  std::string RuntimeInclude, RuntimeLibDir; ///< The tilec runtime.
  std::string ProfilePath;                   ///< The device profile.
  std::string CudaArch; ///< The profile's (target/TargetTraits.h, cudaArch).
  std::vector<std::string> TranslatorExtra; ///< From CC and mpicc.
  std::string WorkDir;                      ///< Temporary files.
  std::vector<size_t> Translated;           ///< Indices into Args.
  RuntimeUse Linked; ///< What the objects and libraries being linked call.
};

/// The steps, in order.
std::vector<Step> planBuild(const BuildSetup &Setup);

/// \p Argv as a shell command line, quoting where needed.
std::string shellCommand(llvm::ArrayRef<std::string> Argv);

/// Runs the steps, stopping at the first that fails; with \p Print, writes
/// each to \p OS first; with \p DryRun only prints. Returns the exit status
/// for tilec-cc.
int runSteps(llvm::ArrayRef<Step> Steps, bool Print, bool DryRun,
             llvm::raw_ostream &OS);

} // namespace tilec::cc

#endif
