//===- BuildSetup.h - What a tilec-cc build needs, found first --*- C++ -*-===//
//
// Everything is looked up before the first step runs (which sources hold a
// region, the device profile, nvcc and the CUDA runtime, what the objects
// being linked call) and every output is checked against the inputs, so
// that a command that cannot complete writes nothing.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_BUILDSETUP_H
#define TILEC_DRIVER_CC_BUILDSETUP_H

#include "driver/ToolPaths.h"
#include "driver/cc/BuildPlan.h"

#include "llvm/Support/Error.h"

namespace tilec::cc {

/// Fills a BuildSetup for \p Args. The work directory is named but not
/// created (\p WorkDir); nothing is written.
llvm::Expected<BuildSetup> prepareBuild(const CompilerArguments &Args,
                                        const ToolPaths &Paths, ToolCommand CC,
                                        const std::string &WorkDir);

} // namespace tilec::cc

#endif
