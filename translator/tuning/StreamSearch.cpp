//===- StreamSearch.cpp - Best vector for the streaming kernel -----------===//
#include "tuning/StreamSearch.h"
#include "tuning/StreamWaves.h"

#include <algorithm>
#include <vector>

namespace tilec {

int64_t wavesRegisterCap(const StencilFeatures &F, const StreamLimits &Limits,
                         const ParameterVector &PV) {
  if (Limits.RegisterCap > 0)
    return Limits.RegisterCap;
  // The kernels the OpenCL host bounds (HostFunctionWriter::boundsRegisters:
  // 16 bytes of points, constant strides, which the waves need anyway), in
  // 3D only: in 2D the rules count the groups by the cap CUDA states for
  // one field of doubles (DoubleRows2DRegisterCap), which OpenCL does not.
  bool Bounded = F.Dims == 3 && openCLBoundsRegisters(PV.P, F.ElementBytes);
  return Bounded ? Limits.BuiltRegisterCap : 0;
}

/// The rows per chunk to try for `PV`: the default for T (0), and where the
/// profile gives row trips a least time (streamRowFloor), halves and
/// quarters of it down to 16 rows: more groups to hide the trips, each
/// walking the lag once more per chunk; and for doubles in 3D twice the
/// default where the groups' waves say so (longerChunkByWaves). Longer
/// chunks are not tried elsewhere: they measured slower for floats in 3D
/// (heat3d 512^3, 32,8,1,3,4, H100: 128 rows 27.9 ms against 26.7 for 64)
/// and within 2% either way on jacobi-2d in 2D at 8192^2
/// (docs/data/h100-2026-11-27-chunk-sweep.txt).
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
  // In 3D every T up to 4 (T = 3 measured fastest at heat3d 256^3 and
  // 512^3 on an H100 once the steps after the first got cheaper), then
  // powers of two; in 2D powers of two.
  std::vector<int64_t> Ts;
  for (int64_t T = 1; T <= Limits.MaxT;
       T = F.Dims == 3 && T < 4 ? T + 1 : T * 2)
    Ts.push_back(T);
  for (int64_t T : Ts) {
    // Ties go to the vector tried first. The model ranks vectors of the
    // same span along y the same whatever their points per work item; with
    // run-time extents and T > 1 four points are tried first, then one,
    // then two (heat3d 256^3 at T = 3, span 16, H100: 32,4,1,3,4 4.37 ms,
    // 32,16,1,3 5.03, 32,8,1,3,2 5.99). At T = 1 four points lost (128^3:
    // 32,1,1,1,4 2.4 ms, 32,1,1,1 1.4). With chained levels and constant
    // extents the most points go first: four floats (heat3d 512^3, H100:
    // 64,8,1,4,4 19.2 ms, 64,16,1,4,2 25.2, 64,8,1,4,2 29.8) and two
    // doubles (256^3: 32,8,1,4,2 5.67 ms, 32,16,1,4 5.91; 512^3:
    // 32,16,1,4,2 38.1, 32,32,1,4 42.3).
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
      // Each point keeps T levels of rows in registers, under a cap of 64
      // per work item: beyond P x T = 12 it spills (heat3d 32,4,1,4,4 ran
      // 2-3 times slower than at T = 3, H100). A double takes two: the
      // heat-3d pair in double spills 784 bytes at 32,8,1,2,4 (5 times
      // slower than one point, H100) and 64 at 32,8,1,3,2, none at
      // P x T = 4 (ptxas).
      // Two doubles per work item lost to one at every vector of a sweep
      // (the heat-3d pair at 256^3 and 512^3, H100: 32,8,1,2,2 10.5 and
      // 68.8 ms against 8.9 and 66.3 for 32,8,1,2), so beyond T = 1 a
      // double keeps one point.
      // Chained levels keep two rows a level, not three: heat3d at
      // 32,8,1,4,4 takes 64 registers without spilling and ran fastest of
      // its sweep at 512^3 (21.0 ms against 24.6 at 32,8,1,3,4, H100), so
      // a float goes to P x T = 16 there.
      int64_t Words = std::max<int64_t>(F.ElementBytes / 4, 1);
      // Chained, two doubles go as far (heat3d in double, H100: 32,8,1,4,2
      // ran fastest of its sweep at 256^3, 5.66 ms against 5.91 for
      // 32,16,1,4; 32,16,1,3,2 at 512^3), four do not (32,8,1,2,4 9.15
      // ms, 32,8,1,3,4 13.7).
      int64_t MaxPT = ChainedConstant ? 16 : Words > 1 ? 4 : Chained ? 16 : 12;
      if (P > 1 && (P * T * Words > MaxPT || P * Words > 4))
        continue;
      if (P * T > (Chained ? 16 : 12))
        continue;
      // Several points per work item: at most 256 work items per group,
      // with the cap of 64 registers four groups per SM (heat3d
      // 32,16,1,2,4 ran 7% slower than 64,8,1,2,4, H200). Chained levels
      // and constant extents gain from wider groups, whose rings CUDA keeps
      // in dynamic shared memory beyond 48 KiB (heat3d 512^3, H100:
      // 64,8,1,4,4 19.2 ms, 32,8,1,4,4 21.0); not measured with run-time
      // extents.
      int64_t MaxItems = P > 1 && !ChainedConstant
                             ? std::min<int64_t>(Limits.MaxGroup, 256)
                             : Limits.MaxGroup;
      // Two doubles chained go to groups of 1024 work items, one an SM,
      // where the target states the cap of 64 registers that lets that
      // many fit (heat3d in double, H100, 64,16,1,4,2 against 32,16,1,4,2:
      // 384^3 15.83 and 16.73 ms, 448^3 25.33 and 26.58, 512^3 36.13 and
      // 38.11, 640^3 69.95 and 73.73;
      // docs/data/h100-2026-11-28-double-1024.txt). Floats at 1024 lost
      // (64,16,1,4,2 25.2 ms at 512^3 against 19.2 for 64,8,1,4,4), and so did
      // groups of 1024 without several points.
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
            // points, H100). In 3D a group of one point and more than 256
            // work items inside the grid counts for as many groups of 256
            // (eight of those fill a Hopper SM's 2048 threads): with
            // run-time extents at 256^3, 32,16,1,3 (880 groups of 512) ran
            // 15% faster than 32,16,1,2 (1368 groups), H100. Not measured in
            // 2D.
            // With run-time extents a group of several points counts once,
            // and needs 3/4 of min_work_groups: its kernel issues more per
            // row than with constant extents, which stays hidden only with
            // six or more groups on every SM (heat3d, H100: at 256^3
            // 32,4,1,3,4, 880 groups, ran 4.37 ms against 4.83 for
            // 32,8,1,3,4 with 400 and 5.03 for 32,16,1,3; at 200^3
            // 32,4,1,3,4, 544 groups, 3.40 against 3.20 for 32,16,1,3).
            int64_t Counts = P;
            if (P == 1 && F.Dims == 3)
              Counts = std::max<int64_t>(1, std::min(W, F.Points[0]) *
                                                std::min(H, F.Points[1]) / 256);
            int64_t Groups = streamGroupCount(F, PV);
            // A chunk longer than the default (longerChunkByWaves) has
            // fewer groups on purpose: it counts as the default does.
            if (C > streamChunkRows(F, {W, H, 1, T, P}))
              Groups = streamGroupCount(F, {W, H, 1, T, P});
            bool Enough = F.RunTimeKernel && P > 1
                              ? Groups * 4 >= Limits.MinGroups * 3
                              : Groups * Counts >= Limits.MinGroups;
            if (streamTileBytes(F, PV) > Limits.TileLimit || !Enough)
              continue;
            ++Feasible;
            Prediction Pr = predictRunTime(F, Device, PV);
            // Ties (within 1%) go to the smaller T and group and to the P
            // tried first.
            // Between groups of as many work items at the same T and P
            // predicted alike, the wider one: heat3d 512^3 ran 19.2 ms at
            // 64,8,1,4,4 against 20.4 at 32,16,1,4,4 (H100).
            bool Wider = Best && PV.T == Best->PV.T && PV.P == Best->PV.P &&
                         PV.W * PV.H == Best->PV.W * Best->PV.H &&
                         PV.W > Best->PV.W &&
                         Pr.SecondsPerPointStep <=
                             1.01 * Best->Predicted.SecondsPerPointStep;
            if (!Best || Wider ||
                Pr.SecondsPerPointStep <
                    0.99 * Best->Predicted.SecondsPerPointStep)
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
