//===- RunTimeModel.h - Predicted run time of a mapped stencil -*- C++ -*-===//
//
// Ito, Ino and Hagihara's bandwidth/latency model: the whole run takes
//   T = T1 + I x T2 + T3
// with T1 = J S / B1 + L1 (host to device), T2 = K J S / B2 + L2 (one
// launch: the bytes it moves over device-memory bandwidth plus the launch
// latency), T3 = J S / B3 + L3 (device to host) and I launches. B1..B3 and
// L1..L3 come from the device profile, measured by tilec-calibrate.
//
// tilec adds per-work-item terms to T2, because stencil kernels on modern
// GPUs do not reach the copy bandwidth B2 (the naive heat kernels reach
// about half of it on an H200): a cost per work item and launch, and for
// blocked kernels a cost per redundant or fused step. They are measured
// from a benchmark sweep and stored in the profile; a profile without them
// gets the plain model (all zero).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_RUNTIMEMODEL_H
#define TILEC_TUNING_RUNTIMEMODEL_H

#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"
#include "tuning/ByteFlopRatio.h"

#include <optional>
#include <string>

namespace tilec {

/// The model's device figures, with where each came from.
struct ModelFigures {
  double B1 = 0, L1 = 0, B2 = 0, L2 = 0, B3 = 0, L3 = 0; ///< bytes/s, s
  std::string B1Source, L1Source, B2Source, L2Source, B3Source, L3Source;
  double NaiveItemSeconds = 0;   ///< Per work item and launch, naive.
  double BlockedItemSeconds = 0; ///< Per work item and launch, blocked.
  double BlockedStepSeconds = 0; ///< Per point and extra on-chip step.
  /// Streaming: per work item, for the first step of a launch (it reads
  /// the input from global memory) and for each further step (on chip;
  /// the same as the first when the profile gives no figure); memory and
  /// arithmetic overlap except for half the smaller of the two.
  double StreamItemSeconds = 0;
  double StreamLevelSeconds = 0;
  /// The same for the single-stage kernel whose extents are known only at
  /// run time (StencilFeatures::RunTimeKernel; the figures above where the
  /// profile gives none).
  double StreamRunTimeItemSeconds = 0;
  double StreamRunTimeLevelSeconds = 0;
  /// The same for the kernel of constant extents whose levels chain
  /// (StencilFeatures::ChainsLevels) at T > 1 (the figures above where the
  /// profile gives none).
  double StreamChainedItemSeconds = 0;
  double StreamChainedLevelSeconds = 0;
  /// A further step costs this many times more for each doubling of the
  /// group's work items beyond 128 (and less for each halving below): each
  /// step of a launch ends at a barrier, and the more warps a group has,
  /// the longer the others wait for its slowest (1 where the profile gives
  /// no figure).
  double StreamLevelGroupGrowth = 1;
  /// A further step of a kernel whose stages run fused, per stage, for
  /// every group (StreamLevelSeconds where the profile gives none).
  double StreamFusedLevelSeconds = 0;
  /// A further step on 8-byte elements costs this many times one on
  /// 4-byte ones (1 where the profile gives no figure).
  double StreamWideFactor = 1;
  /// The same for the kernel of constant extents whose levels chain one
  /// row apart (StreamWideFactor where the profile gives none).
  double StreamChainedWideFactor = 1;
  /// Streaming: the least time one row trip of a group takes, for 4-byte
  /// and for 8-byte elements (0 where the profile gives no figure), and
  /// how many SMs run groups side by side with how many work items each.
  /// With too few groups to hide it, the trips set the kernel's time.
  double StreamRowSeconds = 0, StreamWideRowSeconds = 0;
  double ComputeUnits = 0, ResidentItems = 0;
};

/// The streaming figures that apply to one kernel and group: per point for
/// the first step of a launch and for each further one (for the group's
/// size), the further steps' factor for its element size, and for
/// --explain which kernel's figures they are (" (the kernel of run-time
/// extents)" or "").
struct StreamFigures {
  double ItemSeconds = 0, LevelSeconds = 0, Factor = 1;
  /// The growth of LevelSeconds per doubling of the group that applies
  /// (1: none).
  double Growth = 1;
  double RowSeconds = 0; ///< The least time of a row trip; 0: no floor.
  const char *Kernel = "";
};

/// Streaming: the least kernel time that the row trips allow, rows per
/// chunk and lag times each trip's least time, once per round of groups
/// the device holds side by side; 0 without the profile's figures.
double streamRowFloor(const ModelFigures &M, const StreamFigures &S,
                      const StencilFeatures &F, const ParameterVector &PV);

StreamFigures streamFigures(const ModelFigures &M, const StencilFeatures &F,
                            const ParameterVector &PV);

ModelFigures modelFigures(const DeviceProfile &Device, unsigned Dims);

struct Prediction {
  int64_t Launches = 0;
  double LaunchBytes = 0;                   ///< K J S: bytes one launch moves.
  double T1 = 0, T2 = 0, T3 = 0, Total = 0; ///< seconds
  /// T2 without the launch latency: the kernel's device time, as events
  /// measure it.
  double KernelSeconds = 0;
  /// KernelSeconds per grid-point update: comparable between mappings and
  /// with measured GStencil/s.
  double SecondsPerPointStep = 0;
};

/// Predicts the run with `PV`, or the naive mapping when PV is absent.
Prediction predictRunTime(const StencilFeatures &F, const DeviceProfile &Device,
                          std::optional<ParameterVector> PV);

/// Human-readable seconds: "12.3 us", "4.56 ms".
std::string formatSeconds(double Seconds);

} // namespace tilec

#endif
