//===- StageFusion.cpp - A step's stages in one kernel -------------------===//
#include "transforms/StageFusion.h"

#include "rules/MappingRules.h"
#include "transforms/FusedStream.h"

#include <algorithm>

namespace tilec {

using namespace ir;

/// The fields the fused kernel stages: every one a stage reads or writes.
static std::vector<unsigned> usedFields(const StencilRegion &R) {
  std::vector<unsigned> Used;
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (R.Fields[I].ReadInCalc || R.Fields[I].WrittenInCalc)
      Used.push_back(I);
  return Used;
}

/// Streaming: the rings of T steps' levels, the columns each group owns and
/// the chunk of rows it walks. False if a group would own no columns.
static bool sizeFusedStream(const StencilRegion &R, int64_t T, Mapping &M) {
  int64_t RowBytes = 0;
  for (unsigned F : M.TiledFields)
    RowBytes += elementBytes(R.Fields[F].Type);
  for (unsigned A = 1; A < R.dims(); ++A)
    RowBytes *= M.WorkGroup[A];
  FusedStreamPlan Plan = planFusedStream(R, T);
  for (unsigned A = 1; A < R.dims(); ++A) {
    M.StreamRimMinus[A] = Plan.RimMinus[A];
    M.StreamRimPlus[A] = Plan.RimPlus[A];
    if (M.streamOwned(A) < 1)
      return false;
    M.Tile[A] = M.WorkGroup[A];
    M.StreamStart[A] = R.Axes[A].Lower - M.StreamRimMinus[A];
  }
  M.Tile[0] = Plan.RingRows;
  M.StreamChunk =
      M.AskedChunk ? M.AskedChunk : fusedStreamChunk(Plan.Warmup + Plan.Drain);
  M.LocalMemoryBytes = Plan.RingRows * RowBytes;
  M.FusedPlan = std::move(Plan);
  return true;
}

llvm::Error applyStageFusion(StencilRegion &R, const ParameterVector &PV,
                             const DeviceProfile &Device,
                             int64_t LocalMemoryLimit) {
  auto Fail = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  const int64_t Extents[3] = {PV.W, PV.H, PV.D};
  if (PV.P > 1)
    return Fail("P = " + std::to_string(PV.P) +
                " (points per work item along y) needs a region of one calc "
                "nest; fused stages take one point per work item");
  Mapping M;
  M.Kind = MappingKind::Fused;
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    if (Dim >= R.dims()) {
      if (Extents[Dim] != 1)
        return Fail("the grid is " + std::to_string(R.dims()) +
                    "D, so the vector's extra extents must be 1");
      continue;
    }
    M.WorkGroup[R.dims() - 1 - Dim] = Extents[Dim];
  }
  if (M.workGroupSize() > Device.maxWorkGroupSize())
    return Fail("a work group of " + PV.str() + " has " +
                std::to_string(M.workGroupSize()) + " work items, over the " +
                std::to_string(Device.maxWorkGroupSize()) + " that " +
                Device.Name + " allows");
  // One step's reach: the stages' radii add up.
  for (const Stage &S : R.Stages) {
    Halo H = stageRadius(S, R.dims());
    for (unsigned A = 0; A < R.dims(); ++A) {
      M.HaloMinus[A] += H.Minus[A];
      M.HaloPlus[A] += H.Plus[A];
    }
  }
  M.TiledFields = usedFields(R);
  int64_t T = std::max<int64_t>(PV.T, 1);
  if (std::string Reason = fusedSingleStepReason(R); T > 1 && !Reason.empty()) {
    M.TimeBlockNote = "T forced to 1: " + Reason;
    T = 1;
  }
  if (R.dims() >= 2 && M.WorkGroup[0] == 1)
    M.Kind = MappingKind::FusedStreamed;
  if (PV.C && !M.streams())
    return Fail("C = " + std::to_string(PV.C) +
                " (rows per chunk) applies only to the streaming kernel (H "
                "= 1 in 2D, D = 1 in 3D)");
  M.AskedChunk = PV.C;
  // The largest T up to the asked one whose tiles (or rings) fit.
  for (; T >= 1; --T) {
    if (M.streams()) {
      if (!sizeFusedStream(R, T, M)) {
        if (T == 1)
          return Fail("a work group of " + PV.str() +
                      " owns no points after the " +
                      std::to_string(R.Stages.size()) +
                      " stages of one step, each losing its reach; choose a "
                      "wider block");
        M.TimeBlockNote = "T lowered from " + std::to_string(PV.T) +
                          " so that each work group still owns points after "
                          "the stages lose their reach";
        continue;
      }
      if (M.LocalMemoryBytes <= LocalMemoryLimit)
        break;
      if (M.TimeBlockNote.empty())
        M.TimeBlockNote = "T lowered from " + std::to_string(PV.T) +
                          " to fit the rings of rows in local memory";
      continue;
    }
    int64_t Volume = 1;
    for (unsigned A = 0; A < R.dims(); ++A) {
      M.Tile[A] = M.WorkGroup[A] + (M.HaloMinus[A] + M.HaloPlus[A]) * T;
      Volume *= M.Tile[A];
    }
    M.LocalMemoryBytes = 0;
    for (unsigned F : M.TiledFields)
      M.LocalMemoryBytes += Volume * elementBytes(R.Fields[F].Type);
    if (M.LocalMemoryBytes <= LocalMemoryLimit)
      break;
    if (M.TimeBlockNote.empty())
      M.TimeBlockNote = "T lowered from " + std::to_string(PV.T) +
                        " to fit the tiles in local memory";
  }
  if (T < 1)
    return Fail("the tiles of every field over a block of " + PV.str() +
                " need " + std::to_string(M.LocalMemoryBytes) +
                " bytes of local memory, over the limit of " +
                std::to_string(LocalMemoryLimit));
  M.TimeBlock = T;
  R.Map = M;
  return llvm::Error::success();
}

} // namespace tilec
