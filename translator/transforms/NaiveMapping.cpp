//===- NaiveMapping.cpp - One work item per grid point -------------------===//
#include "transforms/NaiveMapping.h"

#include <algorithm>

namespace tilec {

NaiveShapeFigures naiveShapeFigures(const DeviceProfile &Device) {
  NaiveShapeFigures N;
  // The loader takes only whole numbers of at least 1; a profile built in
  // code keeps the default where it gives less.
  auto Read = [&](const char *Key, int64_t &Into) {
    if (std::optional<double> V = Device.figure(Key); V && *V >= 1)
      Into = static_cast<int64_t>(*V);
  };
  Read("naive_group_items", N.Items);
  Read("naive_2d_group_width", N.Width2D);
  Read("naive_3d_group_min_width", N.MinWidth3D);
  Read("naive_3d_group_max_width", N.MaxWidth3D);
  Read("naive_3d_group_max_height", N.MaxHeight3D);
  Read("naive_3d_wide_group_planes", N.WidePlanes3D);
  return N;
}

/// The 3D shape along (x, y, z): work items along x as wide as the calc
/// rows (the narrowest width, doubled while the rows are wider, up to the
/// widest), then along y up to the tallest, the rest along z
/// (naive_3d_group_*: on the H100 and H200 32 to 128 wide and at most 4
/// high in groups of 256, that is 128 x 2 x 1, 64 x 4 x 1 or 32 x 4 x 2).
static std::array<int64_t, 3> shape3D(const ir::StencilRegion &R,
                                      const NaiveShapeFigures &N) {
  int64_t Row = R.Axes[2].Upper - R.Axes[2].Lower;
  int64_t W = N.MinWidth3D;
  while (W < Row && 2 * W <= N.MaxWidth3D)
    W *= 2;
  int64_t H = std::max<int64_t>(std::min(N.Items / W, N.MaxHeight3D), 1);
  int64_t D = std::max<int64_t>(N.Items / (W * H), 1);
  return {W, H, D};
}

/// Consecutive planes per work item with the widest groups
/// (naive_3d_wide_group_planes): fewer groups, and the further points'
/// addresses are the first's plus a constant.
static int64_t planesPerItem(const std::array<int64_t, 3> &Shape,
                             const NaiveShapeFigures &N) {
  return Shape[0] == N.MaxWidth3D ? N.WidePlanes3D : 1;
}

void mapNaive(ir::StencilRegion &R, const DeviceProfile &Device) {
  NaiveShapeFigures N = naiveShapeFigures(Device);
  // Shapes along (x, y, z): a warp-wide x extent keeps accesses coalesced.
  std::array<int64_t, 3> Shape =
      R.dims() == 3 ? shape3D(R, N)
      : R.dims() == 2
          ? std::array<int64_t, 3>{N.Width2D,
                                   std::max<int64_t>(N.Items / N.Width2D, 1), 1}
          : std::array<int64_t, 3>{N.Items, 1, 1};
  R.Map.Kind = ir::MappingKind::Naive;
  R.Map.WorkGroup = {1, 1, 1};
  R.Map.NaivePlanes = R.dims() == 3 ? planesPerItem(Shape, N) : 1;
  for (unsigned A = 0; A < R.dims(); ++A)
    R.Map.WorkGroup[A] = Shape[R.dims() - 1 - A];

  // Halve the largest of the y and z extents until the group fits the
  // device, and x only when they are down to 1: x stays warp-wide longest.
  // (A rule of tilec's, not a device fact: which extent gives way.)
  auto Size = [&] {
    return R.Map.WorkGroup[0] * R.Map.WorkGroup[1] * R.Map.WorkGroup[2];
  };
  unsigned X = R.dims() - 1;
  while (Size() > Device.maxWorkGroupSize()) {
    unsigned Largest = X;
    for (unsigned A = 0; A < X; ++A)
      if (R.Map.WorkGroup[A] > 1 &&
          (Largest == X || R.Map.WorkGroup[A] > R.Map.WorkGroup[Largest]))
        Largest = A;
    R.Map.WorkGroup[Largest] /= 2;
  }
}

} // namespace tilec
