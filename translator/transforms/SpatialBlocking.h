//===- SpatialBlocking.h - Work groups own blocks staged on chip -*- C++
//-*-===//
#ifndef TILEC_TRANSFORMS_SPATIALBLOCKING_H
#define TILEC_TRANSFORMS_SPATIALBLOCKING_H

#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"

#include "llvm/Support/Error.h"

namespace tilec {

/// Maps the region onto work groups of W x H x D work items, each owning a
/// block of as many points and staging the sources it reads with offsets
/// (block plus halo) in local memory. Fails for vectors the grid or the
/// device cannot take (an axis the grid lacks above 1, a group over the
/// device's limit). Sets T = 1; TemporalBlocking raises it.
llvm::Error applySpatialBlocking(ir::StencilRegion &Region,
                                 const ParameterVector &PV,
                                 const DeviceProfile &Device);

/// Rows (planes) per chunk of the streaming kernel that advances T steps.
int64_t streamChunk(int64_t T);

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

/// What local memory a work group may use, in bytes.
struct LocalMemoryLimits {
  /// What a kernel may declare statically: at most 48 KiB on GPUs.
  int64_t Static = 48 * 1024;
  /// What the single-stage streaming kernel may use: on CUDA the device's
  /// per-block maximum, as dynamic shared memory (Mapping::DynamicLocalMemory);
  /// elsewhere Static.
  int64_t Streamed = 48 * 1024;
};

/// `Bytes` of one field's tiles as they lie in local memory sized at
/// launch, where each field's start is aligned to 16 bytes.
inline int64_t alignedTileBytes(int64_t Bytes) {
  return (Bytes + 15) / 16 * 16;
}

/// Recomputes the tile extents and local-memory bytes for the current
/// TimeBlock, and checks them against `Limits`.
llvm::Error sizeTiles(ir::StencilRegion &Region,
                      const LocalMemoryLimits &Limits);

} // namespace tilec

#endif
