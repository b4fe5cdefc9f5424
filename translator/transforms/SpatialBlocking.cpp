//===- SpatialBlocking.cpp - Work groups own blocks staged on chip -------===//
#include "transforms/SpatialBlocking.h"

namespace tilec {

using namespace ir;

static llvm::Error blockingError(const StencilRegion &,
                                 const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

static int64_t elementBytes(ElementType Type) {
  return Type == ElementType::Double ? 8 : 4;
}

llvm::Error applySpatialBlocking(StencilRegion &R, const ParameterVector &PV,
                                 const DeviceProfile &Device) {
  // PV runs x, y, z; the IR's axes run z, y, x.
  const int64_t Extents[3] = {PV.W, PV.H, PV.D};
  const char *Names[3] = {"W", "H", "D"};
  R.Map = Mapping();
  R.Map.Kind = MappingKind::Blocked;
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    if (Dim >= R.dims()) {
      if (Extents[Dim] != 1)
        return blockingError(R, std::string("the grid is ") +
                                    std::to_string(R.dims()) + "D, so " +
                                    Names[Dim] + " must be 1, not " +
                                    std::to_string(Extents[Dim]));
      continue;
    }
    R.Map.WorkGroup[R.dims() - 1 - Dim] = Extents[Dim];
  }
  if (R.Map.workGroupSize() > Device.maxWorkGroupSize())
    return blockingError(R, "a work group of " + PV.str() + " has " +
                                std::to_string(R.Map.workGroupSize()) +
                                " work items, over the " +
                                std::to_string(Device.maxWorkGroupSize()) +
                                " that " + Device.Name + " allows");

  // Sources read at offsets are staged; read-only fields stay in global
  // memory (they never change, and caches serve them), and so do fields
  // with components, which the copy nest never swaps.
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    const Field &F = R.Fields[I];
    if (F.Role != FieldRole::Source || !F.ReadInCalc ||
        !F.ComponentExtents.empty())
      continue;
    R.Map.TiledFields.push_back(I);
    for (unsigned A = 0; A < R.dims(); ++A) {
      R.Map.HaloMinus[A] = std::max(R.Map.HaloMinus[A], F.Reads.Minus[A]);
      R.Map.HaloPlus[A] = std::max(R.Map.HaloPlus[A], F.Reads.Plus[A]);
    }
  }
  R.Map.TimeBlock = 1;
  return llvm::Error::success();
}

llvm::Error sizeTiles(StencilRegion &R, int64_t LocalMemoryLimit) {
  // A 3D block one point deep, one step per launch, is streamed along z
  // instead: reductions keep the plain blocked kernel, whose per-group
  // results the host combines.
  R.Map.StreamZ = R.dims() == 3 && R.Map.WorkGroup[0] == 1 &&
                  R.Map.TimeBlock == 1 && !R.Reduce &&
                  !R.Map.TiledFields.empty();
  int64_t Volume = 1;
  for (unsigned A = 0; A < R.dims(); ++A) {
    R.Map.Tile[A] = R.Map.WorkGroup[A] +
                    (R.Map.HaloMinus[A] + R.Map.HaloPlus[A]) * R.Map.TimeBlock;
    Volume *= R.Map.Tile[A];
  }
  // Overlapped tiling keeps two copies (this step and the next).
  int64_t Copies = R.Map.TimeBlock > 1 ? 2 : 1;
  R.Map.LocalMemoryBytes = 0;
  for (unsigned F : R.Map.TiledFields)
    R.Map.LocalMemoryBytes += Copies * Volume * elementBytes(R.Fields[F].Type);
  if (R.Map.LocalMemoryBytes > LocalMemoryLimit)
    return blockingError(R, "the tiles need " +
                                std::to_string(R.Map.LocalMemoryBytes) +
                                " bytes of local memory, over the limit of " +
                                std::to_string(LocalMemoryLimit) +
                                "; choose a smaller block or T");
  return llvm::Error::success();
}

} // namespace tilec
