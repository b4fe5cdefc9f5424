//===- StreamSearch.cpp - Best vector for the streaming kernel -----------===//
#include "tuning/StreamSearch.h"
#include "tuning/StreamWaves.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace tilec {

int64_t wavesRegisterCap(const StencilFeatures &F, const StreamLimits &Limits,
                         const ParameterVector &PV) {
  if (Limits.RegisterCap > 0)
    return Limits.RegisterCap;
  // The kernels the OpenCL host bounds (StreamShape::BuildRegisterCap:
  // 16 bytes of points, constant strides, which the waves need anyway), in
  // 3D only: in 2D the rules count the groups by the cap CUDA states for
  // one field of doubles (StreamRegisterCaps::DoubleRows), which OpenCL
  // does not.
  bool Bounded = F.Dims == 3 && openCLBoundsRegisters(PV.P, F.ElementBytes);
  return Bounded ? Limits.BuiltRegisterCap : 0;
}

/// The rows per chunk to try for `PV`: the default for T (0), and where the
/// profile gives row trips a least time (streamRowFloor), halves and
/// quarters of it down to 16 rows: more groups to hide the trips, each
/// walking the lag once more per chunk; and for doubles in 3D twice the
/// default where the groups' waves say so (longerChunkByWaves). Longer
/// chunks are not tried elsewhere: they measured slower for floats in 3D
/// and gained nothing clear in 2D (measured: docs/notes/streaming.md,
/// "Longer chunks only where the waves say so").
/// Whether `Value` passes `Bound`, 0 meaning no bound.
static bool over(int64_t Value, int64_t Bound) {
  return Bound > 0 && Value > Bound;
}

static std::vector<int64_t> chunkCandidates(const StencilFeatures &F,
                                            const DeviceProfile &Device,
                                            const StreamLimits &Limits,
                                            const ParameterVector &PV) {
  std::vector<int64_t> Chunks{0};
  if (int64_t Longer =
          longerChunkByWaves(F, Device, wavesRegisterCap(F, Limits, PV), PV))
    Chunks.push_back(Longer);
  ModelFigures M = modelFigures(Device, F.Dims);
  if (streamRowFloor(M, streamFigures(M, F, PV), F, PV) <= 0)
    return Chunks;
  int64_t Default = streamChunkRows(F, PV);
  for (int64_t C = Default / 2; C >= 16 && C >= Default / 4; C /= 2)
    Chunks.push_back(C);
  return Chunks;
}

std::optional<StreamChoice> bestStreamed(const StencilFeatures &F,
                                         const DeviceProfile &Device,
                                         const StreamLimits &Limits) {
  if (F.Dims < 2 || !streams(F, ParameterVector{Limits.Warp, 1, 1, 1}))
    return std::nullopt;
  std::optional<StreamChoice> Best;
  int Considered = 0, Feasible = 0;
  int64_t MaxH = F.Dims == 3 ? Limits.MaxGroup : 1;
  // Every T up to the profile's stream_every_t_up_to_Nd, then powers of
  // two (on the H100 and H200 every T up to 4 in 3D, where T = 3 measured
  // fastest at heat3d 256^3 and 512^3 once the steps after the first got
  // cheaper, and powers of two in 2D); powers of two where it gives none.
  std::optional<double> EveryT = Device.figure(
      F.Dims == 3 ? "stream_every_t_up_to_3d" : "stream_every_t_up_to_2d");
  int64_t Consecutive = static_cast<int64_t>(EveryT.value_or(1));
  std::vector<int64_t> Ts;
  for (int64_t T = 1; T <= Limits.MaxT; T = T < Consecutive ? T + 1 : T * 2)
    Ts.push_back(T);
  // How close two predictions count as a tie (stream_tie_margin: the
  // model's error on the device; none where the profile gives none).
  double Tie = Device.figure("stream_tie_margin").value_or(0);
  for (int64_t T : Ts) {
    // Ties go to the vector tried first. The model ranks vectors of the
    // same span along y the same whatever their points per work item, so
    // the order follows what measured fastest: with run-time extents and
    // T > 1 four points are tried first, then one, then two; at T = 1 four
    // points lost. With chained levels and constant extents the most points
    // go first: four floats and two doubles (measured:
    // docs/notes/streaming.md, "The order of points per work item").
    bool Chained = F.ChainsLevels && T > 1;
    // The rules below measured on the chained kernel of constant extents
    // only; the kernel of run-time extents keeps the earlier ones.
    bool ChainedConstant = Chained && !F.RunTimeKernel;
    std::vector<int64_t> Ps{1};
    if (F.PointsAlongY)
      Ps = F.RunTimeKernel && T > 1 ? std::vector<int64_t>{4, 1, 2}
           : ChainedConstant        ? std::vector<int64_t>{4, 2, 1}
                                    : std::vector<int64_t>{1, 2, 4};
    for (int64_t P : Ps) {
      // Each point keeps T levels of rows in registers under the register
      // cap; beyond the profile's bounds it spills and runs much slower
      // (stream_levels_per_item and the figures after it). A double takes
      // two words, and beyond T = 1 keeps one point but where levels
      // chain with constant extents, which keep two rows a level, not
      // three (docs/notes/streaming.md, "Points per work item under the
      // register cap").
      int64_t Words = std::max<int64_t>(F.ElementBytes / 4, 1);
      int64_t MaxPT = ChainedConstant ? Limits.MaxChainedLevels
                      : Words > 1     ? Limits.MaxWideLevels
                      : Chained       ? Limits.MaxChainedLevels
                                      : Limits.MaxLevels;
      if (P > 1 && (Limits.MaxPointWords == 0 || over(P * T * Words, MaxPT) ||
                    P * Words > Limits.MaxPointWords))
        continue;
      if (over(P * T, Chained ? Limits.MaxChainedLevels : Limits.MaxLevels))
        continue;
      // Several points per work item: groups of at most
      // stream_points_max_group_items, but where levels chain with
      // constant extents, whose wider groups' rings CUDA keeps in dynamic
      // shared memory (docs/notes/streaming.md, "Group sizes with several
      // points"); not measured with run-time extents.
      int64_t MaxItems = P > 1 && !ChainedConstant && Limits.PointsMaxGroup
                             ? std::min(Limits.MaxGroup, Limits.PointsMaxGroup)
                             : Limits.MaxGroup;
      // Two doubles chained go to groups of 1024 work items, one an SM,
      // where the target states the cap of 64 registers that lets that
      // many fit: they ran faster than groups of 512 at every size
      // measured. Floats at 1024 lost, and so did groups of 1024 without
      // several points (measured: docs/notes/streaming.md, "Groups of 1024
      // work items").
      if (ChainedConstant && Words > 1 && P > 1)
        MaxItems = std::max(MaxItems, Limits.MaxCappedGroup);
      for (int64_t W = Limits.Warp; W <= MaxItems; W *= 2)
        for (int64_t H = 1; H <= MaxH && W * H <= MaxItems; H *= 2)
          for (int64_t C :
               chunkCandidates(F, Device, Limits, {W, H, 1, T, P})) {
            ParameterVector PV{W, H, 1, T, P, C};
            ++Considered;
            // A group of P points per work item does the work of P groups
            // of one point: it counts P times towards min_work_groups (the
            // best vectors at heat3d 256^3 had 324-684 groups of four
            // points, H100). In 3D a group of one point counts once per
            // stream_counted_group_items work items inside the grid, so
            // that vectors of wide groups, which measured faster with
            // run-time extents, are not left out. With run-time extents a
            // group of several points counts once, and needs
            // stream_runtime_points_group_share of min_work_groups
            // (docs/notes/streaming.md, "Groups counted towards
            // min_work_groups").
            int64_t Counts = P;
            if (P == 1 && F.Dims == 3 && Limits.CountedGroupItems3D)
              Counts = std::max<int64_t>(1, std::min(W, F.Points[0]) *
                                                std::min(H, F.Points[1]) /
                                                Limits.CountedGroupItems3D);
            int64_t Groups = streamGroupCount(F, PV);
            // A chunk longer than the default (longerChunkByWaves) has
            // fewer groups on purpose: it counts as the default does.
            if (C > streamChunkRows(F, {W, H, 1, T, P}))
              Groups = streamGroupCount(F, {W, H, 1, T, P});
            bool Enough = F.RunTimeKernel && P > 1
                              ? Groups >= Limits.MinGroups *
                                              Limits.RunTimePointsGroupShare
                              : Groups * Counts >= Limits.MinGroups;
            if (streamTileBytes(F, PV) > Limits.TileLimit || !Enough)
              continue;
            ++Feasible;
            Prediction Pr = predictRunTime(F, Device, PV);
            // Ties (within stream_tie_margin) go to the smaller T and group
            // and to the P tried first.
            // Between groups of as many work items at the same T and P
            // predicted alike, the wider one, which measured faster
            // (docs/notes/streaming.md, "The wider of two groups alike").
            bool Wider = Best && PV.T == Best->PV.T && PV.P == Best->PV.P &&
                         PV.W * PV.H == Best->PV.W * Best->PV.H &&
                         PV.W > Best->PV.W &&
                         Pr.SecondsPerPointStep <=
                             (1 + Tie) * Best->Predicted.SecondsPerPointStep;
            if (!Best || Wider ||
                Pr.SecondsPerPointStep <
                    (1 - Tie) * Best->Predicted.SecondsPerPointStep)
              Best = StreamChoice{PV, Pr, 0, 0};
          }
    }
  }
  if (Best) {
    Best->Considered = Considered;
    Best->Feasible = Feasible;
    // Floats: half the chosen vector's chunk where the groups' waves say
    // so. The model prices the lag a shorter chunk walks again but not the
    // slots it fills, so it is not asked, and the vector stays the one it
    // ranked first at the default chunk.
    // Then doubles in 2D and floats in 3D: a chunk fitted to the SMs'
    // slots, where the model's row floor, which counts the groups the SMs
    // hold by their work items, not their registers, cannot see the waves
    // either.
    ParameterVector Chosen = Best->PV;
    int64_t Cap = wavesRegisterCap(F, Limits, Best->PV);
    if (int64_t Shorter = shorterChunkByWaves(F, Device, Cap, Best->PV))
      Best->PV.C = Shorter;
    if (int64_t Fitted = chunkFittedByWaves(F, Device, Cap, Best->PV))
      Best->PV.C = Fitted;
    if (!(Best->PV == Chosen))
      Best->Predicted = predictRunTime(F, Device, Best->PV);
  }
  return Best;
}

} // namespace tilec
