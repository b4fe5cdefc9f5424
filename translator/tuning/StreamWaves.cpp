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
static int64_t reliedRegisterCap(const StencilFeatures &F,
                                 const DeviceProfile &Device,
                                 int64_t RegisterCap,
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
  return doubleRowsRegisterCap(Kernel,
                               cudaStreamRegisterCaps(Device).DoubleRows);
}

/// The groups of `PV` the SMs hold side by side, or 0 where the search
/// does not know: only where a register cap tells (reliedRegisterCap).
static int64_t knownSlots(const StencilFeatures &F, const DeviceProfile &Device,
                          int64_t RegisterCap, const ParameterVector &PV) {
  int64_t Capped =
      cappedItemsPerSM(Device, reliedRegisterCap(F, Device, RegisterCap, PV));
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
// the SMs: twice the default chunk where its groups all start at once and
// the busiest slot walks fewer rows. Where the second wave holds only the
// short last chunks, or the longer chunk's groups too need several waves,
// it did not pay (measured: docs/notes/streaming.md, "Chunks fitted to the
// SMs' slots").
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
// trips: where the default chunk leaves the SMs' slots part-empty, half of
// it, with twice the groups still all starting at once; where the halved
// chunk's groups need a second wave it mostly lost (measured:
// docs/notes/streaming.md, "Chunks fitted to the SMs' slots").
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
// items per SM): a chunk that cuts each column into as many groups as the
// SMs' slots hold, in one wave, or in two where one wave's busiest slot
// walks less than 5% fewer rows (one wave's long chunks ran slower than
// their rows say). Ping-pong pairs and calcs that read a second array are
// left out: they lost at large grids.
//
// Floats in 3D (several points, chained levels, under the cap of 64) hide
// their row trips with company on their SM: one wave that fills every
// slot, and only shorter than the chunk the search chose (longer chunks of
// floats lost where groups need several waves). Where one wave's chunk is
// longer than the default, two waves that fill the slots, but only where
// the busiest slot walks far fewer rows than with the default.
// (Measured: docs/notes/streaming.md, "Chunks fitted to the SMs' slots".)
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
      std::to_string(reliedRegisterCap(F, Device, RegisterCap, PV)) +
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
