//===- SlabView.h - A region cut into slabs along its slowest axis -*- C++
//-*-===//
//
// With several devices (TILEC_DEVICES) the emitted host code cuts a region's
// grid into slabs along axis 0, the slowest, one per device: each device
// holds its slab's rows plus the halo rows that one launch reads around
// them, and after each launch the devices exchange those rows. The kernels
// and host functions of one slab are those of the slab view: the region
// with axis 0's extent and calc (and copy) bounds known only at run time,
// so that they run on a slab's local rows with its own range.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_SLABVIEW_H
#define TILEC_IR_SLABVIEW_H

#include "ir/StencilIR.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec::ir {

/// The rows along axis 0 that a slab keeps below and above the rows it
/// owns: what one launch of up to T steps reads there.
struct SlabHalo {
  int64_t Below = 0;
  int64_t Above = 0;
};
SlabHalo slabHalo(const StencilRegion &Region);

/// Fused multi-stage regions: every stage of a launch computes the rows of
/// one window, this many rows in from each end of the slab that is not the
/// grid's (the stages' widest reach); its stage ranges stay global, tested
/// on the slab's row plus its origin (slabOriginName).
SlabHalo slabWindow(const StencilRegion &Region);

/// The most steps one launch advances: the region's T, or the largest of
/// the vectors enter() may pick.
int64_t slabTimeBlock(const StencilRegion &Region);

/// The fields whose halo rows the slabs exchange after a launch of the
/// calc (or, `Stage` >= 0, of that unfused stage): those it writes.
std::vector<unsigned> slabExchangedFields(const StencilRegion &Region,
                                          int Stage = -1);

/// Why a slab's calc is one launch followed by the exchange, or "" when it
/// launches in parts: first the rows the neighbouring slabs read, then the
/// rest while the exchange copies the first (StencilRegion::LaunchParts).
std::string slabSingleLaunchReason(const StencilRegion &Region);

/// The slab view's scalar holding the slab's first row (held, not owned),
/// which updates that use axis 0's loop variable add to it; "" if none.
std::string slabOriginName(const StencilRegion &Slab);

/// The most rows along axis 0 a kernel of `Region` (a slab view or not)
/// walks, where the grid's extent along axis 0 is a constant (a slab holds
/// no more); none where it is known only at run time.
std::optional<int64_t> constantRowCount(const StencilRegion &Region);

/// The region as one slab runs it: named `<name>_slab`, axis 0's extent and
/// its calc bounds (and a copy kernel's) known only at run time.
StencilRegion slabView(const StencilRegion &Region);

} // namespace tilec::ir

#endif
