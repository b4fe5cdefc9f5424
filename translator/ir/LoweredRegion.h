//===- LoweredRegion.h - A stencil region as the back ends print it -*- C++
//-*-===//
//
// The device lowering, the last steps of the pipeline
// (transforms/DeviceLowering.h), turns a mapped region into the regions
// each piece of its code is printed from: the user's region for the call
// site; a copy whose names are valid in device code and whose accesses are
// the kernels' for the host functions; that copy's slab view (one device's
// part of the grid); and the view each set of kernels is printed from.
// The back ends print these.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_LOWEREDREGION_H
#define TILEC_IR_LOWEREDREGION_H

#include "ir/StencilIR.h"

#include <string>
#include <vector>

namespace tilec::ir {

/// The region one set of kernels is printed from, and the lowering step
/// that made it: "slab-view", "stage-view 2", "variant-view 1" or
/// "same-boundary-view".
struct KernelView {
  std::string Step;
  StencilRegion Region;
};

struct LoweredRegion {
  /// The mapped region with the user's names: the call site.
  StencilRegion Source;
  /// Names safe on the target, accesses as kernels index them: the
  /// region's interface and host functions.
  StencilRegion Device;
  /// Device's slab view: the functions and kernels of one device's slab.
  StencilRegion Slab;
  /// In the order the kernels are printed.
  std::vector<KernelView> Kernels;
};

} // namespace tilec::ir

#endif
