//===- MappingRules.h - What a region's mappings may be ---------*- C++ -*-===//
//
// The rules about a region that the mapping passes (transforms/) apply and
// the parameter search (tuning/) prices alike: whether it may run several
// steps per launch, whether its stages may share a kernel, which fields the
// kernels stage, how its streaming kernel's levels follow each other and
// how long its chunks are. Pure functions of the region; neither the passes
// nor the search restate them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_RULES_MAPPINGRULES_H
#define TILEC_RULES_MAPPINGRULES_H

#include "ir/StencilIR.h"

#include <cstdint>
#include <string>

namespace tilec {

/// The fields blocked kernels stage in local memory (and the streaming
/// kernel in rows of registers): sources read in the calc, without
/// components.
bool stagedField(const ir::Field &F);

/// Whether every read of a staged field in `E` at a row above or below (a
/// nonzero offset on axis 0) stays in the point's own column.
bool readsRowsInColumn(const ir::StencilRegion &Region, const ir::Expr &E);

/// Why the region must run one step per launch, or "" if it need not
/// (the parameter search asks before it proposes T > 1).
std::string singleStepReason(const ir::StencilRegion &Region);

/// Why the stages of `Region` cannot run in one kernel, or "".
std::string fusionBlocker(const ir::StencilRegion &Region);

/// Why a fused region must run one step per launch, or "".
std::string fusedSingleStepReason(const ir::StencilRegion &Region);

/// Per axis, the radius of one stage: the largest offset of its reads.
ir::Halo stageRadius(const ir::Stage &Stage, unsigned Dims);

/// Rows (planes) per chunk of the streaming kernel that advances T steps.
/// Each chunk first walks the rows the later steps lag behind, so longer
/// chunks pay off as T grows; with one step chunks of 16 measured fastest
/// (docs/notes/stream-shape.md, "Chunks").
int64_t streamChunk(int64_t T);

/// Rows per chunk of a fused streaming kernel whose groups walk `Overhead`
/// rows besides their chunk (warm-up and drain): long enough that those
/// cost at most a sixteenth.
int64_t fusedStreamChunk(int64_t Overhead);

/// Whether the streaming kernel of `Region` chains its levels in one trip:
/// a 3D single-stage region, not a ping-pong pair, without a reduction,
/// whose reads reach one row either way along the streamed axis and read
/// the rows above and below only at the point's own column. Level l then
/// works one row behind level l - 1 instead of two and reads that level's
/// newest row from the register it was just computed in; its neighbours
/// in the row come from the ring as before. The rows' registers and the
/// ring's two slots repeat every two rows, so a loop of two rows per trip
/// names them by constants: nothing is moved or indexed at run time.
bool chainsStreamedLevels(const ir::StencilRegion &Region);

/// `Bytes` of one field's tiles as they lie in local memory sized at
/// launch, where each field's start is aligned to 16 bytes.
inline int64_t alignedTileBytes(int64_t Bytes) {
  return (Bytes + 15) / 16 * 16;
}

} // namespace tilec

#endif
