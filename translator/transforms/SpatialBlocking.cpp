//===- SpatialBlocking.cpp - Work groups own blocks staged on chip -------===//
#include "transforms/SpatialBlocking.h"

#include "rules/MappingRules.h"

#include <algorithm>

namespace tilec {

using namespace ir;

static llvm::Error blockingError(const StencilRegion &,
                                 const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
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
  if (PV.P > 1) {
    // Only the single-stage streaming kernel has the points-per-work-item
    // shape; with extents known only at run time it indexes each point
    // from a byte cursor, which fields with components do not have.
    const char *Why = nullptr;
    if (R.dims() != 3 || PV.D != 1)
      Why = "the streaming kernel of a 3D grid (D = 1)";
    else if (R.Reduce)
      Why = "a region without a reduction";
    else if (R.runTimeStrides() && R.hasComponentFields())
      Why = "extents along y and x known at translation time, or fields "
            "without components";
    if (Why)
      return blockingError(R, "P = " + std::to_string(PV.P) +
                                  " (points per work item along y) needs " +
                                  Why);
    R.Map.StreamPoints = PV.P;
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
    if (!stagedField(F))
      continue;
    R.Map.TiledFields.push_back(I);
    for (unsigned A = 0; A < R.dims(); ++A) {
      R.Map.HaloMinus[A] = std::max(R.Map.HaloMinus[A], F.Reads.Minus[A]);
      R.Map.HaloPlus[A] = std::max(R.Map.HaloPlus[A], F.Reads.Plus[A]);
    }
  }
  R.Map.AskedChunk = PV.C;
  R.Map.TimeBlock = 1;
  return llvm::Error::success();
}

/// A block one point deep along the outermost axis of a 2D or 3D grid
/// streams along that axis. With a reduction (one step per launch) each
/// work item sums over its column and each group leaves one partial
/// result, which the host combines as for the blocked kernel.
static bool streams(const StencilRegion &R) {
  return R.dims() >= 2 && R.Map.WorkGroup[0] == 1 &&
         (!R.Reduce || R.Map.TimeBlock == 1) && !R.Map.TiledFields.empty();
}

static int64_t largestTiledElement(const StencilRegion &R) {
  int64_t Bytes = 4;
  for (unsigned F : R.Map.TiledFields)
    Bytes = std::max(Bytes, elementBytes(R.Fields[F].Type));
  return Bytes;
}

llvm::Error sizeTiles(StencilRegion &R, const LocalMemoryLimits &Limits) {
  Mapping &M = R.Map;
  // The blocking's sizes decide whether it streams (T may have changed).
  M.Kind = streams(R) ? MappingKind::Streamed : MappingKind::Blocked;
  int64_t Volume = 1, Copies = 1;
  if (M.streams()) {
    // Steps 1 .. T-1 each keep a ring of rows: the stencil's reach along
    // the streamed axis plus the row being written.
    // Chained levels (chainsStreamedLevels) read a row one trip after it
    // was written, so two slots take turns.
    M.ChainedLevels = M.TimeBlock > 1 && chainsStreamedLevels(R);
    M.Tile[0] = M.ChainedLevels ? 2 : M.HaloMinus[0] + M.HaloPlus[0] + 2;
    for (unsigned A = 1; A < R.dims(); ++A) {
      M.StreamRimMinus[A] = M.HaloMinus[A] * (M.TimeBlock - 1);
      M.StreamRimPlus[A] = M.HaloPlus[A] * (M.TimeBlock - 1);
      if (M.streamOwned(A) < 1)
        return blockingError(
            R, "a work group " + std::to_string(M.streamSpan(A)) +
                   " points wide along " + R.axisName(A) +
                   " owns none of them after " + std::to_string(M.TimeBlock) +
                   " steps that each lose the halo; choose a larger block "
                   "or a smaller T");
      M.Tile[A] = M.streamSpan(A) + M.HaloMinus[A] + M.HaloPlus[A];
      Volume *= M.Tile[A];
      M.StreamStart[A] = R.Axes[A].Lower - M.StreamRimMinus[A];
      if (A + 1 == R.dims() && M.TimeBlock == 1) {
        int64_t Line = 128 / largestTiledElement(R);
        M.StreamStart[A] -= M.StreamStart[A] % Line;
      }
    }
    Volume *= M.Tile[0];
    Copies = M.TimeBlock - 1;
    M.StreamChunk = M.AskedChunk ? M.AskedChunk : streamChunk(M.TimeBlock);
  } else {
    if (M.StreamPoints > 1)
      return blockingError(R, "P = " + std::to_string(M.StreamPoints) +
                                  " (points per work item along y) needs "
                                  "the streaming kernel, which stages a "
                                  "field read at offsets");
    if (M.AskedChunk)
      return blockingError(R, "C = " + std::to_string(M.AskedChunk) +
                                  " (rows per chunk) applies only to the "
                                  "streaming kernel (H = 1 in 2D, D = 1 in "
                                  "3D)");
    for (unsigned A = 0; A < R.dims(); ++A) {
      M.Tile[A] =
          M.WorkGroup[A] + (M.HaloMinus[A] + M.HaloPlus[A]) * M.TimeBlock;
      Volume *= M.Tile[A];
    }
    // Overlapped tiling keeps two copies (this step and the next).
    Copies = M.TimeBlock > 1 ? 2 : 1;
  }
  // In memory sized at launch each field's tiles start 16-byte aligned
  // (StreamedKernel lays them out one after the other).
  int64_t Bytes = 0, Aligned = 0;
  for (unsigned F : R.Map.TiledFields) {
    int64_t FieldBytes = Copies * Volume * elementBytes(R.Fields[F].Type);
    Bytes += FieldBytes;
    Aligned += alignedTileBytes(FieldBytes);
  }
  M.DynamicLocalMemory = M.streams() && Bytes > Limits.Static;
  M.LocalMemoryBytes = M.DynamicLocalMemory ? Aligned : Bytes;
  int64_t LocalMemoryLimit = M.streams() ? Limits.Streamed : Limits.Static;
  if (R.Map.LocalMemoryBytes > LocalMemoryLimit)
    return blockingError(R, "the tiles need " +
                                std::to_string(R.Map.LocalMemoryBytes) +
                                " bytes of local memory, over the limit of " +
                                std::to_string(LocalMemoryLimit) +
                                "; choose a smaller block or T");
  return llvm::Error::success();
}

} // namespace tilec
