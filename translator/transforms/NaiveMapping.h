//===- NaiveMapping.h - One work item per grid point ------------*- C++ -*-===//
#ifndef TILEC_TRANSFORMS_NAIVEMAPPING_H
#define TILEC_TRANSFORMS_NAIVEMAPPING_H

#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"

namespace tilec {

/// Maps each calc point to one work item, in groups of 256 work items
/// (1D 256, 2D 32x8; 3D 128x2x1 along x, y, z, or 64x4x1 and 32x4x2 for
/// calc rows of at most 64 and 32 points) reduced to the device's
/// work-group limit; with 3D groups 128 wide, each work item computes two
/// consecutive points along z. No blocking: later passes replace this
/// mapping.
void mapNaive(ir::StencilRegion &Region, const DeviceProfile &Device);

} // namespace tilec

#endif
