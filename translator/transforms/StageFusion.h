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
#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"

#include "llvm/Support/Error.h"

#include <string>

namespace tilec {

/// Why the stages of `Region` cannot run in one kernel, or "".
std::string fusionBlocker(const ir::StencilRegion &Region);

/// Why a fused region must run one step per launch, or "".
std::string fusedSingleStepReason(const ir::StencilRegion &Region);

/// Maps `Region` (fusable) onto one kernel per launch with the block of
/// `PV` and up to PV.T steps, smaller T where the rules or local memory
/// say so (noted in the mapping).
llvm::Error applyStageFusion(ir::StencilRegion &Region,
                             const ParameterVector &PV,
                             const DeviceProfile &Device,
                             int64_t LocalMemoryLimit);

/// Rows per chunk of a fused streaming kernel whose groups walk `Overhead`
/// rows besides their chunk (warm-up and drain): long enough that those
/// cost at most a sixteenth.
int64_t fusedStreamChunk(int64_t Overhead);

/// Per axis, the radius of one stage: the largest offset of its reads.
ir::Halo stageRadius(const ir::Stage &Stage, unsigned Dims);

} // namespace tilec

#endif
