//===- StreamWaves.cpp - Rows per chunk from waves of groups --------------===//
#include "tuning/StreamWaves.h"
#include "tuning/StreamSearch.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <queue>
#include <vector>

namespace tilec {

int64_t cappedItemsPerSM(const DeviceProfile &Device, int64_t RegisterCap) {
  std::optional<double> Registers = Device.figure("registers_per_compute_unit");
  if (RegisterCap <= 0 || !Registers)
    return 0;
  return static_cast<int64_t>(*Registers) / RegisterCap;
}

int64_t busiestSlotRows(const StencilFeatures &F, const ParameterVector &PV,
                        int64_t Slots) {
  int64_t Rows = std::max<int64_t>(F.Points[F.Dims - 1], 1);
  int64_t Chunk = streamChunkRows(F, PV);
  int64_t Chunks = (Rows + Chunk - 1) / Chunk;
  int64_t PerChunk = streamGroupCount(F, PV) / Chunks;
  int64_t Lag = streamLag(F, PV.T);
  if (Slots < 1 || PerChunk < 1)
    return 0;
  // Each slot's rows so far, the least on top.
  std::priority_queue<int64_t, std::vector<int64_t>, std::greater<int64_t>>
      Free;
  for (int64_t S = 0; S < std::min(Slots, PerChunk * Chunks); ++S)
    Free.push(0);
  int64_t Busiest = 0;
  for (int64_t C = 0; C < Chunks; ++C) {
    int64_t Walk = std::min(Chunk, Rows - C * Chunk) + Lag;
    for (int64_t G = 0; G < PerChunk; ++G) {
      int64_t Done = Free.top() + Walk;
      Free.pop();
      Free.push(Done);
      Busiest = std::max(Busiest, Done);
    }
  }
  return Busiest;
}

/// The registers per work item CUDA caps `PV`'s streaming kernel at where
/// the search relies on the cap, or 0: `RegisterCap` (the cap of several
/// points, 0 where the target states none) for the 3D kernel of several
/// points and chained levels, and the 2D kernel of doubles' cap where the
/// stream shape's rule gives it one (doubleRowsRegisterCap). Only where
/// every extent is a constant does the search count the groups.
static int64_t reliedRegisterCap(const StencilFeatures &F, int64_t RegisterCap,
                                 const ParameterVector &PV) {
  if (RegisterCap <= 0 || !F.KnownExtents || PV.T < 2)
    return 0;
  if (F.Dims == 3 && PV.P >= 2 && F.ChainsLevels && !F.RunTimeKernel)
    return RegisterCap;
  DoubleRowsFacts Kernel;
  Kernel.Dims = F.Dims;
  Kernel.RunTimeStrides = !F.KnownExtents;
  Kernel.MultiStage = F.FusedStages;
  Kernel.Reduction = F.HasReduction;
  Kernel.PingPong = F.PingPong;
  Kernel.TiledFields = F.StagedFields;
  Kernel.ReadsOneField = F.ReadArrays == 1;
  Kernel.TiledElementBytes = F.StagedBytesPerPoint;
  Kernel.StreamedReach = F.StagedHaloWidth[1];
  Kernel.T = PV.T;
  Kernel.GroupSize = PV.W * PV.H * PV.D;
  return doubleRowsRegisterCap(Kernel);
}

/// The groups of `PV` the SMs hold side by side, or 0 where the search
/// does not know: only where a register cap tells (reliedRegisterCap).
static int64_t knownSlots(const StencilFeatures &F, const DeviceProfile &Device,
                          int64_t RegisterCap, const ParameterVector &PV) {
  int64_t Capped =
      cappedItemsPerSM(Device, reliedRegisterCap(F, RegisterCap, PV));
  std::optional<double> SMs = Device.figure("compute_units");
  std::optional<double> Resident =
      Device.figure("resident_work_items_per_compute_unit");
  if (Capped <= 0 || !SMs || !Resident)
    return 0;
  int64_t Items = PV.W * PV.H * PV.D;
  int64_t PerSM =
      std::min(Capped / Items, static_cast<int64_t>(*Resident) / Items);
  return static_cast<int64_t>(*SMs) * PerSM;
}

/// `PV` with `Rows` rows per chunk.
static ParameterVector withChunk(ParameterVector PV, int64_t Rows) {
  PV.C = Rows;
  return PV;
}

// Doubles in 3D keep the FP64 units busy with few groups per SM, so a
// second wave of groups costs about its rows whatever the groups left on
// the SMs (heat3d in double, H100, CUDA): at 256^3, 32,8,1,4,2, 1040
// groups of 64 rows, two waves of 528, ran 5.67 ms and 520 groups of 128
// rows, one wave, 5.51; at 240^3 (32,8,1,3,2, 720 groups) 5.72 and 5.51;
// at 192^3 (32,8,1,2,2, 588 groups of 32) 4.30 and 4.15 with 64. Where the
// second wave holds only the short last chunks, the longer chunk loses:
// at 200^3, whose 544 groups of 64 rows end in 136 of 8, 128 rows ran
// 4.85 ms against 3.32, and at 224^3 5.24 against 4.31. Where the longer
// chunk's groups too need several waves, the slots' rows did not rank
// the two (32,16,1,4,2, 64 and 128 rows: 336^3 11.19 and 10.80 ms,
// 384^3 16.70 and 17.21, 480^3 31.41 and 31.53, 512^3 38.1 and 38.4,
// 640^3 73.6 and 71.4, 256 x 256 x 512 10.66 and 11.17), so the longer
// chunk is tried only where its groups all start at once.
// docs/data/h100-2026-11-28-chunk-waves.txt.
int64_t longerChunkByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV) {
  int64_t Slots = knownSlots(F, Device, RegisterCap, PV);
  if (F.Dims != 3 || F.ElementBytes < 8 || Slots <= 0)
    return 0;
  ParameterVector Longer = withChunk(PV, 2 * streamChunkRows(F, PV));
  int64_t Groups = streamGroupCount(F, Longer);
  // Every SM still gets a group.
  int64_t SMs = static_cast<int64_t>(*Device.figure("compute_units"));
  if (Longer.C >= F.Points[F.Dims - 1] || Groups > Slots || Groups < SMs)
    return 0;
  return busiestSlotRows(F, Longer, Slots) < busiestSlotRows(F, PV, Slots)
             ? Longer.C
             : 0;
}

// Floats in 3D need more groups per SM than doubles to hide their row
// trips: where the default chunk leaves the SMs' slots part-empty, half
// of it, with twice the groups still all starting at once, ran faster
// (heat3d in float, H100, CUDA: 160^3, 32,4,1,2,4, 360 groups of 32 rows
// in 1056 slots, 1.54 ms, 720 of 16 rows 1.16; 192^3, 32,4,1,3,4, 336
// groups of 64 rows 2.22 ms, 672 of 32 1.65). Where the halved chunk's
// groups need a second wave it mostly lost (200^3 +3.7%, 224^3 +3.4%,
// 240^3 +2.8%, 288^3 +6.0%, 384^3 +2.3%; 256^3, 32,8,1,4,4, gained 4.8%
// with 800 groups in 528 slots, which this rule leaves). The choices the
// rule changes gained 21-35% (100^3 1.28 -> 0.82 ms, 128^3 1.32 -> 0.90,
// 144^3 1.46 -> 0.97, 170^3 1.74 -> 1.36, 176^3 2.05 -> 1.45, 128 x 128
// x 512 2.48 -> 1.97, 512 x 64 x 64 1.29 -> 0.89).
// docs/data/h100-2026-11-28-chunk-waves.txt, parts 4 and 5.
int64_t shorterChunkByWaves(const StencilFeatures &F,
                            const DeviceProfile &Device, int64_t RegisterCap,
                            const ParameterVector &PV) {
  int64_t Slots = knownSlots(F, Device, RegisterCap, PV);
  if (F.Dims != 3 || F.ElementBytes >= 8 || Slots <= 0)
    return 0;
  ParameterVector Shorter = withChunk(PV, streamChunkRows(F, PV) / 2);
  if (Shorter.C < 16 || streamGroupCount(F, Shorter) > Slots)
    return 0;
  return busiestSlotRows(F, Shorter, Slots) < busiestSlotRows(F, PV, Slots)
             ? Shorter.C
             : 0;
}

// Doubles in 2D (one field, T = 8, 111 registers: four groups of 128 work
// items per SM): the search's chunks of 32 to 128 rows leave a second or
// third wave, or groups too few; a chunk that cuts each column into as many
// groups as the SMs' slots hold ran far faster (heat2d in double, CUDA, 100
// steps; H100: 2048^2 128,1,1,8,1,32, 1152 groups in 528 slots, 0.869 ms,
// 128,1,1,8,1,71, 522 groups, 0.715, with chunks of 64, 576 groups, 0.903
// and of 128, 288 groups, 0.886; H200, the search's vector before and
// after: 1536^2 0.585 -> 0.517 ms, 2048^2 0.863 -> 0.718, 3072^2 1.77 ->
// 1.30, 4096^2 2.556 -> 2.128, 2048 x 4096 1.628 -> 1.214, 1200 x 3000
// 0.855 -> 0.710). On large grids one wave leaves slots empty and its long
// chunks ran slower than their rows say: two waves did better (H100 8192^2,
// 256,1,1,8: 128 rows 8.44 ms, 1170 rows in one wave 8.62, 546 in two
// 8.15; H200 12288^2: 17.61, 2458 rows 17.87, 1229 rows 16.90), so one wave
// is taken only where its busiest slot walks at least 5% fewer rows than
// with two. A ping-pong pair is left out: jacobi-2d in double lost 31% at
// 8192^2 with 546 rows (18.04 -> 23.69 ms, H200) and gained 3% at 2048^2.
// So is a calc that reads a second array (flat-heat-2d, a conductivity per
// point, 128 registers with or without the cap): 2048^2 1.495 -> 1.436 ms
// with 71 rows, but 4096^2 4.49 -> 5.17 with 273 (H200).
// docs/data/h100-2026-11-28-waves-2d.txt, h200-2026-11-28-waves-2d.txt.
//
// Floats in 3D (several points, chained levels, under the cap of 64) hide
// their row trips with company on their SM, and one wave that fills every
// slot gives them the most: heat3d in float at 256^3, 32,8,1,4,4, ran 3.39
// ms with 64 rows (400 groups in 528 slots), 3.11 with 32 (800, two waves),
// 3.38 with 43 (600) and 2.84 with 51 (500, one wave), and the one-wave
// chunk was faster at each size it changed (H200: 192^3 1.549 -> 1.429 ms,
// 200^3 2.545 -> 2.036, 224^3 2.558 -> 2.251, 240^3 2.880 -> 2.429; flat-3d,
// malloc'd arrays through macros, 200^3 3.455 -> 2.626, 256^3 5.488 ->
// 4.735). Only one wave, and only shorter than the chunk the search chose:
// longer chunks of floats lost where groups need several waves (512^3,
// "longer chunks are not tried" in StreamSearch.cpp).
// docs/data/h200-2026-11-28-fitted-3d-float.txt.
// Where one wave's chunk is longer than the default, two waves that fill
// the slots can do better: through NVIDIA's OpenCL (80 registers, three
// groups of 256 per SM) heat3d in float at 256^3, 32,8,1,4,4, ran 4.36 ms
// with 64 rows (400 groups in 396 slots), 3.50 with 85 (300, one wave),
// 3.81 with 51, 3.44 with 43 and 3.27 with 37 (700, two waves). But only
// where the busiest slot walks far fewer rows than with the default
// (H200, the default's chunk against two waves', busiest slot's rows and
// time): gains at OpenCL 256^3 (140 -> 90 rows, -24%), 272^3 (140 -> 90,
// -22%), 288^3 (144 -> 112, -14%) and CUDA 304^3 (64,8,1,4,4: 144 -> 104,
// -8%); losses at CUDA 320^3 (144 -> 122, +7.7%), 336^3 (144 -> 128,
// +6.8%) and 352^3 (140 -> 130, +3.7%); OpenCL 304^3 (144 -> 138) -1%.
// docs/data/h200-2026-11-28-opencl-waves.txt.
int64_t fittedChunkByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV) {
  int64_t Slots = knownSlots(F, Device, RegisterCap, PV);
  bool Doubles2D = F.Dims == 2 && F.ElementBytes >= 8;
  bool Floats3D = F.Dims == 3 && F.ElementBytes < 8;
  if (!(Doubles2D || Floats3D) || Slots <= 0)
    return 0;
  int64_t Rows = std::max<int64_t>(F.Points[F.Dims - 1], 1);
  int64_t Columns = streamGroupCount(F, withChunk(PV, Rows));
  // Each column in as many chunks as `Waves` waves of slots hold it, or 0
  // where that leaves fewer than 16 rows, which walk the lag more than
  // their own rows.
  auto Fitted = [&](int64_t Waves) -> int64_t {
    int64_t PerColumn = Columns > 0 ? Waves * Slots / Columns : 0;
    int64_t Chunk = PerColumn > 0 ? (Rows + PerColumn - 1) / PerColumn : 0;
    return Chunk >= 16 ? Chunk : 0;
  };
  int64_t One = Fitted(1), Two = Fitted(2);
  if (Floats3D) {
    // Two waves only where one wave's chunk is not shorter than the
    // default, and where their busiest slot walks at most 80% of the
    // default's rows.
    ParameterVector Default = withChunk(PV, 0);
    if (One && One < streamChunkRows(F, Default))
      return One;
    bool TwoWalksLess =
        Two && 5 * busiestSlotRows(F, withChunk(PV, Two), Slots) <=
                   4 * busiestSlotRows(F, Default, Slots);
    return TwoWalksLess ? Two : One;
  }
  if (!One || !Two)
    return One ? One : Two;
  int64_t OneRows = busiestSlotRows(F, withChunk(PV, One), Slots);
  int64_t TwoRows = busiestSlotRows(F, withChunk(PV, Two), Slots);
  return 20 * OneRows <= 19 * TwoRows ? One : Two;
}

int64_t chunkFittedByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV) {
  int64_t Fitted = fittedChunkByWaves(F, Device, RegisterCap, PV);
  if (!Fitted || Fitted == streamChunkRows(F, PV))
    return 0;
  if (F.Dims == 3)
    return Fitted < streamChunkRows(F, PV) ? Fitted : 0;
  int64_t Slots = knownSlots(F, Device, RegisterCap, PV);
  return busiestSlotRows(F, withChunk(PV, Fitted), Slots) <
                 busiestSlotRows(F, PV, Slots)
             ? Fitted
             : 0;
}

std::string explainChunkByWaves(const StencilFeatures &F,
                                const DeviceProfile &Device,
                                int64_t RegisterCap,
                                const ParameterVector &PV) {
  ParameterVector Default = withChunk(PV, 0);
  std::string Why;
  if (PV.C == 0)
    return "";
  int64_t Slots = knownSlots(F, Device, RegisterCap, PV);
  std::string SideBySide =
      std::to_string(Slots) + " side by side at " +
      std::to_string(reliedRegisterCap(F, RegisterCap, PV)) +
      " registers per work item";
  std::string Walks = ", and the busiest SM slot walks " +
                      std::to_string(busiestSlotRows(F, PV, Slots)) +
                      " rows against " +
                      std::to_string(busiestSlotRows(F, Default, Slots)) +
                      " with " + std::to_string(streamChunkRows(F, Default));
  std::string Company =
      F.ElementBytes >= 8
          ? " (groups of doubles keep the FP64 units busy, so a wave costs "
            "its rows)"
          : " (groups of floats need company on their SM to hide their row "
            "trips)";
  if (PV.C == fittedChunkByWaves(F, Device, RegisterCap, PV)) {
    int64_t Groups = streamGroupCount(F, PV);
    return "rows per chunk " + std::to_string(PV.C) +
           ", fitted to the SMs' slots: its " + std::to_string(Groups) +
           " groups start " + (Groups > Slots ? "in two waves" : "at once") +
           " (" + SideBySide + ")" + Walks + ", the default" + Company;
  }
  if (PV.C == longerChunkByWaves(F, Device, RegisterCap, Default))
    Why = ", twice the default: its ";
  else if (PV.C == shorterChunkByWaves(F, Device, RegisterCap, Default))
    Why = ", half the default: its ";
  else
    return "";
  return "rows per chunk " + std::to_string(PV.C) + Why +
         std::to_string(streamGroupCount(F, PV)) +
         " groups all start at once (" + SideBySide + ")" + Walks + Company;
}

} // namespace tilec
