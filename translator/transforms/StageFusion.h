//===- StageFusion.h - A step's stages in one kernel ------------*- C++ -*-===//
//
// A multi-stage region whose stages can share a kernel runs a block of T
// steps, T x S stages, per launch: each work group stages every field the
// stages use over its block and a halo in local memory, runs each stage in
// place on the part of the tiles that later stages still need (smaller by
// the stage's radius), and writes its block of every written field to a
// second buffer, swapped with the first after the launch. The halo of one
// step is the sum of its stages' radii. A block one point deep along the
// outermost axis streams along it instead (FusedStream.h).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TRANSFORMS_STAGEFUSION_H
#define TILEC_TRANSFORMS_STAGEFUSION_H

#include "ir/StencilIR.h"
#include "rules/MappingRules.h"
#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"

#include "llvm/Support/Error.h"

#include <string>

namespace tilec {

/// Maps `Region` (fusable) onto one kernel per launch with the block of
/// `PV` and up to PV.T steps, smaller T where the rules or local memory
/// say so (noted in the mapping).
llvm::Error applyStageFusion(ir::StencilRegion &Region,
                             const ParameterVector &PV,
                             const DeviceProfile &Device,
                             int64_t LocalMemoryLimit);

} // namespace tilec

#endif
