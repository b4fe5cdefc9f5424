//===- RunTimeModel.cpp - Predicted run time of a mapped stencil ---------===//
#include "tuning/RunTimeModel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tilec {

namespace {
/// A figure with its source, or the fallback and "default".
struct Looked {
  double Value;
  std::string Source;
};
} // namespace

static Looked look(const DeviceProfile &D, const std::string &Key,
                   double Fallback) {
  auto It = D.Figures.find(Key);
  if (It == D.Figures.end())
    return {Fallback, "default"};
  return {It->second.Value, It->second.Source};
}

ModelFigures modelFigures(const DeviceProfile &D, unsigned Dims) {
  ModelFigures M;
  double Bandwidth = D.figure("memory_bandwidth_gbs").value_or(100);
  // PCIe 4.0 x16-class link and a few microseconds of latency when the
  // profile says nothing: a guess, labelled "default" in --explain.
  Looked B1 = look(D, "h2d_bandwidth_gbs", 12),
         L1 = look(D, "h2d_latency_us", 10);
  Looked B2 = look(D, "kernel_bandwidth_gbs", Bandwidth);
  if (B2.Source == "default")
    B2.Source = "memory_bandwidth_gbs";
  Looked L2 = look(D, "launch_latency_us", 5);
  Looked B3 = look(D, "d2h_bandwidth_gbs", 12),
         L3 = look(D, "d2h_latency_us", 10);
  M.B1 = B1.Value * 1e9, M.L1 = L1.Value * 1e-6, M.B1Source = B1.Source;
  M.L1Source = L1.Source;
  M.B2 = B2.Value * 1e9, M.L2 = L2.Value * 1e-6, M.B2Source = B2.Source;
  M.L2Source = L2.Source;
  M.B3 = B3.Value * 1e9, M.L3 = L3.Value * 1e-6, M.B3Source = B3.Source;
  M.L3Source = L3.Source;
  std::string Suffix = "_" + std::to_string(Dims) + "d";
  M.NaiveItemSeconds = look(D, "naive_item_ps", 0).Value * 1e-12;
  // A per-point figure of this many dimensions in seconds, or `Otherwise`
  // (seconds) where the profile has none.
  auto Picoseconds = [&](const char *Name, double Otherwise) {
    return look(D, Name + Suffix, Otherwise * 1e12).Value * 1e-12;
  };
  M.BlockedItemSeconds = Picoseconds("blocked_item_ps", 0);
  M.BlockedStepSeconds = Picoseconds("blocked_step_ps", 0);
  M.StreamItemSeconds = Picoseconds("stream_item_ps", 0);
  M.StreamLevelSeconds = Picoseconds("stream_level_ps", M.StreamItemSeconds);
  M.StreamFusedLevelSeconds =
      Picoseconds("stream_fused_level_ps", M.StreamLevelSeconds);
  M.StreamRunTimeItemSeconds =
      Picoseconds("stream_runtime_item_ps", M.StreamItemSeconds);
  M.StreamRunTimeLevelSeconds =
      Picoseconds("stream_runtime_level_ps", M.StreamLevelSeconds);
  M.StreamChainedItemSeconds =
      Picoseconds("stream_chained_item_ps", M.StreamItemSeconds);
  M.StreamChainedLevelSeconds =
      Picoseconds("stream_chained_level_ps", M.StreamLevelSeconds);
  M.StreamLevelGroupGrowth =
      look(D, "stream_level_group_growth" + Suffix, 1).Value;
  M.StreamWideFactor = look(D, "stream_wide_factor" + Suffix, 1).Value;
  M.StreamChainedWideFactor =
      look(D, "stream_chained_wide_factor" + Suffix, M.StreamWideFactor).Value;
  M.StreamRowSeconds = look(D, "stream_row_ns" + Suffix, 0).Value * 1e-9;
  M.StreamWideRowSeconds =
      look(D, "stream_wide_row_ns" + Suffix, M.StreamRowSeconds * 1e9).Value *
      1e-9;
  M.ComputeUnits = look(D, "compute_units", 0).Value;
  M.ResidentItems = look(D, "resident_work_items_per_compute_unit", 0).Value;
  return M;
}

StreamFigures streamFigures(const ModelFigures &M, const StencilFeatures &F,
                            const ParameterVector &PV) {
  StreamFigures S;
  // The kernel of run-time extents chains its levels too; its own figures
  // (stream_runtime_*) were fitted to a sweep of it chained.
  bool Chained = F.ChainsLevels && PV.T > 1;
  if (F.RunTimeKernel) {
    S.ItemSeconds = M.StreamRunTimeItemSeconds;
    S.LevelSeconds = M.StreamRunTimeLevelSeconds;
    S.Kernel = Chained ? " (the kernel of run-time extents, levels chained "
                         "one row apart)"
                       : " (the kernel of run-time extents)";
  } else if (Chained) {
    S.ItemSeconds = M.StreamChainedItemSeconds;
    S.LevelSeconds = M.StreamChainedLevelSeconds;
    S.Kernel = " (levels chained one row apart)";
  } else {
    S.ItemSeconds = M.StreamItemSeconds;
    S.LevelSeconds = M.StreamLevelSeconds;
  }
  // Fused stages have a figure of their own and no growth with the group:
  // a middle width ran fastest, so no steady trend with the width fits
  // them (measured: docs/notes/several-sweeps.md, "Fused stages against the
  // group's width").
  if (F.FusedStages) {
    S.LevelSeconds = M.StreamFusedLevelSeconds;
  } else {
    double Items = static_cast<double>(PV.W * PV.H * PV.D);
    S.Growth = M.StreamLevelGroupGrowth;
    S.LevelSeconds *= std::pow(S.Growth, std::log2(Items / 128));
  }
  S.RowSeconds = M.StreamRowSeconds;
  if (F.ElementBytes >= 8) {
    S.Factor = Chained && !F.RunTimeKernel ? M.StreamChainedWideFactor
                                           : M.StreamWideFactor;
    S.RowSeconds = M.StreamWideRowSeconds;
  }
  return S;
}

double streamRowFloor(const ModelFigures &M, const StreamFigures &S,
                      const StencilFeatures &F, const ParameterVector &PV) {
  if (S.RowSeconds <= 0 || M.ComputeUnits <= 0 || M.ResidentItems <= 0)
    return 0;
  // Every group walks its chunk and the lag one row per trip; the device
  // runs as many groups side by side as its SMs hold work items (registers
  // and local memory may hold fewer, which the model does not know).
  double Items = static_cast<double>(PV.W * PV.H * PV.D);
  double Side =
      M.ComputeUnits * std::max(1.0, std::floor(M.ResidentItems / Items));
  double Groups = static_cast<double>(streamGroupCount(F, PV));
  // The figures were fitted where groups share SMs. A group alone on its
  // SM trips faster, and the naive mapping, the alternative there, pays
  // many short launches that the model does not count (measured:
  // docs/notes/streaming.md, "No row floor below one group per SM"). Below
  // one group per SM there is no floor, as before the figures.
  if (Groups < M.ComputeUnits)
    return 0;
  double Rounds = std::max(1.0, Groups / Side);
  double Chunk = static_cast<double>(
      std::min<int64_t>(streamChunkRows(F, PV), F.Points[F.Dims - 1]));
  return Rounds * (Chunk + static_cast<double>(streamLag(F, PV.T))) *
         S.RowSeconds;
}

Prediction predictRunTime(const StencilFeatures &F, const DeviceProfile &Device,
                          std::optional<ParameterVector> PV) {
  ModelFigures M = modelFigures(Device, F.Dims);
  Prediction P;
  int64_t T = PV ? PV->T : 1;
  P.Launches = (F.Steps + T - 1) / T;
  double Points = static_cast<double>(F.CalcPoints);
  // Each array is read or written once per launch; a blocked kernel also
  // reads the halo of its staged tile again for every neighbouring block.
  P.LaunchBytes = Points * (PV ? static_cast<double>(F.KernelBytesPerPoint)
                               : F.NaiveBytesPerPoint);
  double PerItem = M.NaiveItemSeconds * (PV ? 1 : F.NaiveLaunchesPerStep);
  double Steps = 0;
  // The blocked kernel's arithmetic per grid point: its blocks' points over
  // the grid's, once per fused stage.
  double Passes = 1;
  if (PV && streams(F, *PV)) {
    // The streaming kernel moves each array once per launch (inner-axis
    // overlap aside) and computes every step on the whole group; each
    // chunk first walks the rows its later steps lag behind.
    double Red = streamRedundancy(F, *PV);
    double Chunk = static_cast<double>(
        std::min<int64_t>(streamChunkRows(F, *PV), F.Points[F.Dims - 1]));
    double Lag = static_cast<double>(streamLag(F, T));
    P.LaunchBytes = Points * F.KernelBytesPerPoint * Red;
    // Fused stages reload every field's warm-up rows per chunk.
    if (F.FusedStages)
      P.LaunchBytes *= (Chunk + Lag) / Chunk;
    double Memory = P.LaunchBytes / M.B2;
    // Fused stages: each stage is a pass over the row. Steps after the
    // first work on chip and cost less (stream_level_ps); the kernel of
    // run-time extents has figures of its own, and further steps on
    // doubles cost more (streamFigures).
    StreamFigures S = streamFigures(M, F, *PV);
    double Compute = Points * F.Stages * Red * (Chunk + Lag) / Chunk *
                     (S.ItemSeconds +
                      static_cast<double>(T - 1) * S.LevelSeconds * S.Factor);
    // The work items of a partial tile at the grid's edge run every row
    // trip, and a short last chunk of rows holds its SM as long as the
    // others: the arithmetic covers the groups' points, not the grid's
    // (measured: docs/notes/streaming.md, "Partial tiles and short last
    // chunks").
    Compute *= static_cast<double>(streamGroupCount(F, *PV)) *
               streamCoveredPerGroup(F, *PV) / Points;
    // With few groups each SM holds only a few, and their row trips (a
    // barrier, the rows' loads and the steps' chains of arithmetic), not
    // the issue rate, set the time: shorter chunks, and so more groups, ran
    // faster though they walk more rows (measured: docs/notes/streaming.md,
    // "The row trips' floor").
    Compute = std::max(Compute, streamRowFloor(M, S, F, *PV));
    P.KernelSeconds =
        std::max(Memory, Compute) + 0.5 * std::min(Memory, Compute);
  } else if (PV) {
    const int64_t B[3] = {PV->W, PV->H, PV->D};
    double Block = 1, Tile = 1;
    for (unsigned A = 0; A < 3; ++A) {
      Block *= static_cast<double>(B[A]);
      Tile *= static_cast<double>(B[A] + F.StagedHaloWidth[A] * PV->T);
    }
    P.LaunchBytes += Points * F.StagedBytesPerPoint * (Tile / Block - 1);
    PerItem = M.BlockedItemSeconds;
    Steps = PV->T * redundancy(F, *PV) - 1;
    // As for streaming: partial blocks at the grid's edges run every step,
    // and fused stages each make a pass over the block: counting the
    // passes brought the prediction close to the measured time (measured:
    // docs/notes/several-sweeps.md, "A pass per fused stage in the blocked
    // kernel").
    Passes = static_cast<double>(F.Stages);
    for (unsigned A = 0; A < F.Dims; ++A) {
      double Extent = static_cast<double>(std::max<int64_t>(F.Points[A], 1));
      Passes *= std::ceil(Extent / static_cast<double>(B[A])) *
                static_cast<double>(B[A]) / Extent;
    }
  }
  if (!PV || !streams(F, *PV))
    P.KernelSeconds =
        P.LaunchBytes / M.B2 +
        Passes * (Points * PerItem + Points * Steps * M.BlockedStepSeconds);
  P.T2 = P.KernelSeconds + M.L2 * (PV ? 1 : F.NaiveLaunchesPerStep);
  // A reduction's partial results come back after every launch, unless
  // only the last step's are needed.
  if (F.ReductionReadEachLaunch)
    P.T2 += M.L3;
  double Bytes = static_cast<double>(F.GridPoints) * F.BytesPerPoint;
  P.T1 = Bytes / M.B1 + M.L1 * F.Buffers;
  P.T3 = Bytes / M.B3 + M.L3 * F.Buffers;
  P.Total = P.T1 + P.Launches * P.T2 + P.T3;
  P.SecondsPerPointStep = P.KernelSeconds / (Points * T);
  return P;
}

std::string formatSeconds(double S) {
  char Buf[64];
  if (S >= 1)
    std::snprintf(Buf, sizeof Buf, "%.3g s", S);
  else if (S >= 1e-3)
    std::snprintf(Buf, sizeof Buf, "%.3g ms", S * 1e3);
  else if (S >= 1e-6)
    std::snprintf(Buf, sizeof Buf, "%.3g us", S * 1e6);
  else
    std::snprintf(Buf, sizeof Buf, "%.3g ns", S * 1e9);
  return Buf;
}

} // namespace tilec
