//===- StreamWaves.cpp - Rows per chunk from waves of groups --------------===//
#include "tuning/StreamWaves.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <vector>

namespace tilec {

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

/// The groups of `PV` the SMs hold side by side under `RegisterCap`
/// registers per work item.
static int64_t groupSlots(const ParameterVector &PV, double SMs,
                          double Registers, int64_t RegisterCap) {
  int64_t Items = PV.W * PV.H * PV.D;
  return static_cast<int64_t>(SMs) *
         (static_cast<int64_t>(Registers) / (RegisterCap * Items));
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
// chunk is tried only where its groups all start at once. Floats
// need more groups per SM to hide their trips and do not follow the
// waves (256^3, 32,8,1,4,4: 32 rows, two waves, 3.21 ms; 64 rows, one
// wave, 3.38). docs/data/h100-2026-11-28-chunk-waves.txt.
int64_t longerChunkByWaves(const StencilFeatures &F,
                           const DeviceProfile &Device, int64_t RegisterCap,
                           const ParameterVector &PV) {
  bool ChainedConstant = F.ChainsLevels && PV.T > 1 && !F.RunTimeKernel;
  std::optional<double> Registers = Device.figure("registers_per_compute_unit");
  std::optional<double> SMs = Device.figure("compute_units");
  if (F.Dims != 3 || F.ElementBytes < 8 || PV.P < 2 || !ChainedConstant ||
      RegisterCap <= 0 || !Registers || !SMs)
    return 0;
  int64_t Slots = groupSlots(PV, *SMs, *Registers, RegisterCap);
  ParameterVector Longer = PV;
  Longer.C = 2 * streamChunkRows(F, PV);
  int64_t Groups = streamGroupCount(F, Longer);
  if (Longer.C >= F.Points[F.Dims - 1] || Groups > Slots ||
      Groups < static_cast<int64_t>(*SMs))
    return 0;
  return busiestSlotRows(F, Longer, Slots) < busiestSlotRows(F, PV, Slots)
             ? Longer.C
             : 0;
}

std::string explainChunkByWaves(const StencilFeatures &F,
                                const DeviceProfile &Device,
                                int64_t RegisterCap,
                                const ParameterVector &PV) {
  ParameterVector Default = PV;
  Default.C = 0;
  if (PV.C == 0 || PV.C != longerChunkByWaves(F, Device, RegisterCap, Default))
    return "";
  int64_t Slots =
      groupSlots(PV, *Device.figure("compute_units"),
                 *Device.figure("registers_per_compute_unit"), RegisterCap);
  return "rows per chunk " + std::to_string(PV.C) +
         ", twice the default: its " + std::to_string(streamGroupCount(F, PV)) +
         " groups all start at once (" + std::to_string(Slots) +
         " side by side at " + std::to_string(RegisterCap) +
         " registers per work item), and the busiest SM slot walks " +
         std::to_string(busiestSlotRows(F, PV, Slots)) + " rows against " +
         std::to_string(busiestSlotRows(F, Default, Slots)) + " with " +
         std::to_string(streamChunkRows(F, Default)) +
         " (groups of doubles "
         "keep the FP64 units busy, so a second wave costs its rows)";
}

} // namespace tilec
