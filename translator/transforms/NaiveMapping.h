//===- NaiveMapping.h - One work item per grid point ------------*- C++ -*-===//
#ifndef TILEC_TRANSFORMS_NAIVEMAPPING_H
#define TILEC_TRANSFORMS_NAIVEMAPPING_H

#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"

namespace tilec {

/// The naive mapping's work-group shapes, from the profile's naive_*
/// figures (docs/device-profiles.md). Where a profile gives none, these
/// defaults: the figures measured on the H100 and H200 that every shipped
/// profile gives.
struct NaiveShapeFigures {
  int64_t Items = 256;      ///< naive_group_items: work items per group.
  int64_t Width2D = 32;     ///< naive_2d_group_width: x extent in 2D.
  int64_t MinWidth3D = 32;  ///< naive_3d_group_min_width
  int64_t MaxWidth3D = 128; ///< naive_3d_group_max_width
  int64_t MaxHeight3D = 4;  ///< naive_3d_group_max_height: y extent.
  /// naive_3d_wide_group_planes: consecutive points along z each work item
  /// of a group MaxWidth3D wide computes.
  int64_t WidePlanes3D = 2;
};

NaiveShapeFigures naiveShapeFigures(const DeviceProfile &Device);

/// Maps each calc point to one work item, in groups of naive_group_items
/// (1D along x; 2D naive_2d_group_width wide; 3D as wide as the calc rows
/// within naive_3d_group_{min,max}_width, at most naive_3d_group_max_height
/// high, the rest deep: 128x2x1, 64x4x1 or 32x4x2 on the shipped profiles)
/// reduced to the device's work-group limit; with 3D groups of the widest
/// width, each work item computes naive_3d_wide_group_planes consecutive
/// points along z. No blocking: later passes replace this mapping.
void mapNaive(ir::StencilRegion &Region, const DeviceProfile &Device);

} // namespace tilec

#endif
