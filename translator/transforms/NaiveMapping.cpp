//===- NaiveMapping.cpp - One work item per grid point -------------------===//
#include "transforms/NaiveMapping.h"

namespace tilec {

/// The 3D shape along (x, y, z): work items along x as wide as the calc
/// rows, up to 128, in groups of 256. Wider rows per group ran faster where
/// the kernel streams many arrays (Himeno 256 x 128 x 128, H100, kernel
/// time of 100 steps, no read between launches: 8.55 ms at 32 x 4 x 2 and
/// 32 x 8 x 1, 8.34 at 64 x 4 x 1, 8.28 at 128 x 2 x 1 and 256 x 1 x 1;
/// docs/data/h100-2026-11-27-himeno-variants.txt).
static std::array<int64_t, 3> shape3D(const ir::StencilRegion &R) {
  int64_t Row = R.Axes[2].Upper - R.Axes[2].Lower;
  if (Row > 64)
    return {128, 2, 1};
  if (Row > 32)
    return {64, 4, 1};
  return {32, 4, 2};
}

/// Two consecutive planes per work item with the wide groups: half the
/// groups, and the second point's addresses are the first's plus a
/// constant. H200, 100 steps, median of 3 against one point per work item
/// (docs/data/h200-2026-11-28-naive-planes-ab.txt): heat3d's naive kernel
/// at 256^3 5.50 ms instead of 6.52, Himeno at 512 x 256 x 256 45.32
/// instead of 46.52 and at 256 x 128 x 128 6.39 against 6.36. Hand
/// variants of Himeno's kernel found four planes no faster and planes a
/// grid apart slower (h200-2026-11-28-himeno-naive-variants.txt).
static int64_t planesPerItem(const std::array<int64_t, 3> &Shape) {
  return Shape[0] == 128 ? 2 : 1;
}

void mapNaive(ir::StencilRegion &R, const DeviceProfile &Device) {
  // Shapes along (x, y, z): a warp-wide x extent keeps accesses coalesced.
  std::array<int64_t, 3> Shape = R.dims() == 3 ? shape3D(R)
                                 : R.dims() == 2
                                     ? std::array<int64_t, 3>{32, 8, 1}
                                     : std::array<int64_t, 3>{256, 1, 1};
  R.Map.Kind = ir::MappingKind::Naive;
  R.Map.WorkGroup = {1, 1, 1};
  R.Map.NaivePlanes = R.dims() == 3 ? planesPerItem(Shape) : 1;
  for (unsigned A = 0; A < R.dims(); ++A)
    R.Map.WorkGroup[A] = Shape[R.dims() - 1 - A];

  // Halve the largest of the y and z extents until the group fits the
  // device, and x only when they are down to 1: x stays warp-wide longest.
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
