//===- StreamWaves.h - Rows per chunk from waves of groups ------*- C++ -*-===//
//
// A streaming group walks its chunk of rows plus the lag; an SM holds a
// fixed number of groups side by side, and further groups start as
// earlier ones finish. Where each group keeps its SM's arithmetic busy
// (doubles), a second wave costs its rows, which a longer chunk can spare
// (in 2D: a chunk fitted to the slots); where groups wait on their row
// trips (floats in 3D), an SM's slots left empty cost more than the lag
// that shorter chunks walk again, and a chunk that fills every slot in one
// wave does best.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_STREAMWAVES_H
#define TILEC_TUNING_STREAMWAVES_H

#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"
#include "tuning/ByteFlopRatio.h"

#include <cstdint>
#include <string>

namespace tilec {

/// The work items an SM's registers hold at `RegisterCap` registers each
/// (registers_per_compute_unit / RegisterCap); 0 without a cap or without
/// the figure.
int64_t cappedItemsPerSM(const DeviceProfile &Device, int64_t RegisterCap);

/// The rows the busiest of `Slots` group slots walks when the groups of
/// `PV` start in launch order (inner axes first, then the chunks), each in
/// the slot that frees first: every group walks its chunk (the last one
/// may be short) and the lag.
int64_t busiestSlotRows(const StencilFeatures &F, const ParameterVector &PV,
                        int64_t Slots);

/// Twice the default rows per chunk where its groups all start at once and
/// the busiest slot walks fewer rows with it; 0 elsewhere or where the
/// SM's slots are not known: only for
/// doubles in 3D with several points per work item and chained levels of
/// constant extents, under a register cap of `RegisterCap` per work item
/// (0: none stated).
int64_t longerChunkByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV);

/// Half the default rows per chunk where the twice as many groups still
/// all start at once and the busiest slot walks fewer rows; 0 elsewhere:
/// as longerChunkByWaves, for floats.
int64_t shorterChunkByWaves(const StencilFeatures &F,
                            const DeviceProfile &Device, int64_t RegisterCap,
                            const ParameterVector &PV);

/// The rows per chunk that cut each column of `PV`'s groups (the groups
/// side by side across the inner axes) into as many groups as the SMs'
/// slots hold: for doubles in 2D (one staged field of constant extents,
/// under CUDA's StreamRegisterCaps::DoubleRows) in one wave, or in two unless
/// one wave's busiest slot walks at least 5% fewer rows; for floats in 3D
/// (several points, chained levels of constant extents, under the cap of
/// several points) in one wave, or in two where one wave's chunk is not
/// shorter than the default and two waves' busiest slot walks at most 80%
/// of the default's rows. 0 where the slots are not known (`RegisterCap`
/// 0: the target states no cap, wavesRegisterCap), elsewhere, or where the
/// chunk would be shorter than 16 rows.
int64_t fittedChunkByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV);

/// fittedChunkByWaves's chunk where it differs from `PV`'s and, in 2D,
/// the busiest slot walks fewer rows with it; in 3D where it is shorter;
/// 0 elsewhere. Applied to the search's choice.
int64_t chunkFittedByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV);

/// For --explain: why `PV`'s rows per chunk differ from the default,
/// if longerChunkByWaves, shorterChunkByWaves or fittedChunkByWaves gave
/// them; "" otherwise.
std::string explainChunkByWaves(const StencilFeatures &F,
                                const DeviceProfile &Device,
                                int64_t RegisterCap, const ParameterVector &PV);

} // namespace tilec

#endif
