//===- ApspTileRules.h - Blocked Floyd-Warshall kernels' layout -*- C++ -*-===//
//
// What the blocked Floyd-Warshall kernels keep in registers and local memory
// for a tile size: the search (tuning/FwTile.h) sizes tiles by these, the
// kernels (codegen/Apsp*.cpp) are printed by the same.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_RULES_APSPTILERULES_H
#define TILEC_RULES_APSPTILERULES_H

#include "ir/ApspIR.h"

#include <cstdint>

namespace tilec {

/// Registers one element of a non-pivot thread's tile takes: its distance
/// (one or two) and its path entry.
int64_t fwRegistersPerElement(const ir::ApspRegion &Region);

/// Local memory the pivot and non-pivot kernels declare, in bytes.
int64_t fwPivotLocalBytes(const ir::ApspRegion &Region, const ir::FwParams &P);
/// Rows and columns of its tile each thread of the panel kernel as a
/// product (FwParams::PanelProduct) owns: a block of (t / 4)^2 threads.
constexpr int64_t FwPanelProductSide = 4;
/// Local memory of the panel kernel as a product: the tile it relaxes and
/// the pivot tile, the left one transposed and padded.
int64_t fwPanelProductLocalBytes(const ir::ApspRegion &Region,
                                 const ir::FwParams &P);
int64_t fwRestLocalBytes(const ir::ApspRegion &Region, const ir::FwParams &P);

/// The registers per thread the non-pivot kernel is capped at: twice its
/// accumulators' and at least 64, so that the slab parameters do not take
/// nvcc past a group per SM (measured: docs/notes/apsp.md, "The non-pivot
/// kernel's register cap"); doubles and path entries count, since a cap of
/// 64 spilled with them. At most `MaxPerThread`, the device's; 0 (no cap)
/// where that is unknown.
int64_t fwRestRegisterCap(const ir::ApspRegion &Region, const ir::FwParams &P,
                          int64_t MaxPerThread);

/// Padding of the local-memory slice of the pivot column, in elements, so
/// that its transposed stores spread over the banks while rows stay 16-byte
/// aligned.
int64_t fwSlicePadding(const ir::ApspRegion &Region);

} // namespace tilec

#endif
