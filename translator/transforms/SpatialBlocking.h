//===- SpatialBlocking.h - Work groups own blocks staged on chip -*- C++
//-*-===//
#ifndef TILEC_TRANSFORMS_SPATIALBLOCKING_H
#define TILEC_TRANSFORMS_SPATIALBLOCKING_H

#include "ir/StencilIR.h"
#include "rules/MappingRules.h"
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

/// What local memory a work group may use, in bytes.
struct LocalMemoryLimits {
  /// What a kernel may declare statically: at most 48 KiB on GPUs.
  int64_t Static = 48 * 1024;
  /// What the single-stage streaming kernel may use: on CUDA the device's
  /// per-block maximum, as dynamic shared memory (Mapping::DynamicLocalMemory);
  /// elsewhere Static.
  int64_t Streamed = 48 * 1024;
};

/// Recomputes the tile extents and local-memory bytes for the current
/// TimeBlock, and checks them against `Limits`.
llvm::Error sizeTiles(ir::StencilRegion &Region,
                      const LocalMemoryLimits &Limits);

} // namespace tilec

#endif
