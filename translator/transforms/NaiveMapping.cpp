//===- NaiveMapping.cpp - One work item per grid point -------------------===//
#include "transforms/NaiveMapping.h"

namespace tilec {

void mapNaive(ir::StencilRegion &R, const DeviceProfile &Device) {
  // Shapes along (x, y, z): a warp-wide x extent keeps accesses coalesced.
  static const int64_t Shapes[3][3] = {{256, 1, 1}, {32, 8, 1}, {32, 4, 2}};
  const int64_t *Shape = Shapes[R.dims() - 1];
  R.Map.Kind = ir::MappingKind::Naive;
  R.Map.WorkGroup = {1, 1, 1};
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
