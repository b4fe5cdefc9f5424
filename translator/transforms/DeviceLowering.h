//===- DeviceLowering.h - The regions a back end prints --------*- C++ -*-===//
//
// The last steps of the pipeline: from a mapped region, the regions its
// code is printed from (ir/LoweredRegion.h), each step shown to the
// observer under its name:
//   safe-names      names the target reserves renamed (SafeNames.h)
//   kernel-access   accesses printed as kernels index them
//   slab-view       one device's slab along the slowest axis (SlabView.h)
//   kernel views    what each set of kernels is printed from: the slab, or
//                   each stage (stage-view N) or variant (variant-view N)
//                   of it, and a ping-pong pair's same-boundary kernel
//                   (same-boundary-view)
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TRANSFORMS_DEVICELOWERING_H
#define TILEC_TRANSFORMS_DEVICELOWERING_H

#include "ir/LoweredRegion.h"

#include <functional>
#include <set>
#include <string>

namespace tilec {

/// Called after each step with its name and the region it made.
using LoweringObserver =
    std::function<void(const std::string &Step, const ir::StencilRegion &)>;

/// The regions `Mapped`'s code is printed from, its device names avoiding
/// `Reserved` (target/ReservedWords.h).
ir::LoweredRegion lowerForDevice(const ir::StencilRegion &Mapped,
                                 const std::set<std::string> &Reserved,
                                 const LoweringObserver &Observe);

} // namespace tilec

#endif
