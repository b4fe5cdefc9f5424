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

#include <string>

namespace tilec::ir {

/// Whether the emitted code may cut `Region` into slabs; if not, why (for
/// --explain and the run-time note), in `Why`.
bool spreadable(const StencilRegion &Region, std::string *Why = nullptr);

/// The rows along axis 0 that a slab keeps below and above the rows it
/// owns: what one launch of up to T steps reads there.
struct SlabHalo {
  int64_t Below = 0;
  int64_t Above = 0;
};
SlabHalo slabHalo(const StencilRegion &Region);

/// The region as one slab runs it: named `<name>_slab`, axis 0's extent and
/// its calc bounds (and a copy kernel's) known only at run time.
StencilRegion slabView(const StencilRegion &Region);

} // namespace tilec::ir

#endif
