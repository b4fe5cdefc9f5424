//===- TemporalBlocking.h - T time steps per launch -------------*- C++ -*-===//
#ifndef TILEC_TRANSFORMS_TEMPORALBLOCKING_H
#define TILEC_TRANSFORMS_TEMPORALBLOCKING_H

#include "ir/StencilIR.h"
#include "rules/MappingRules.h"

namespace tilec {

/// Fuses up to `T` time steps into each launch of a blocked region by
/// overlapped tiling: the tile carries a halo of T steps, the work group
/// updates a shrinking part of it step by step, and writes only the points
/// it owns. Keeps T = 1, and says why in the mapping, when the serial
/// program must be seen after every step: a reduction, host statements in
/// the time loop, a copy nest that is not a buffer swap, an output array
/// that is not copied back, or a time loop that does not count up by one.
void applyTemporalBlocking(ir::StencilRegion &Region, int64_t T);

} // namespace tilec

#endif
