//===- StreamSearch.h - Best vector for the streaming kernel ----*- C++ -*-===//
//
// On modern GPUs 2D and 3D stencils run fastest on the streaming kernel
// (H = 1 in 2D, D = 1 in 3D; measured on an H200, docs/performance.md),
// whose cost the evolution-vector conditions do not capture: every step
// computes the whole group, so redundancy, not bytes per flop, limits T.
// This search weighs each streamed vector with the calibrated run-time
// model instead and keeps the fastest that fits the device.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_STREAMSEARCH_H
#define TILEC_TUNING_STREAMSEARCH_H

#include "rules/StreamShapeRules.h"
#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"
#include "target/TargetTraits.h"
#include "tuning/ByteFlopRatio.h"
#include "tuning/RunTimeModel.h"

#include <optional>

namespace tilec {

struct StreamLimits {
  int64_t TileLimit = 0; ///< Local memory a kernel may declare.
  int64_t MaxGroup = 0;  ///< Work items per group.
  int64_t MinGroups = 1; ///< N_wg.
  int64_t MaxT = 1;      ///< 1 when the region must run a step per launch.
  int64_t Warp = 32;     ///< The smallest W tried.
  /// Registers per work item the target caps a streaming kernel of several
  /// points at (CUDA's __launch_bounds__: StreamRegisterCaps::SeveralPoints), 0
  /// where it states none (OpenCL): with the cap the search knows how many
  /// groups an SM holds.
  int64_t RegisterCap = 0;
  /// With RegisterCap, the most work items one group of that kernel may
  /// have: as many as the device allows and an SM's registers hold at the
  /// cap (1024 on Hopper); 0 without it. Only chained doubles use it.
  int64_t MaxCappedGroup = 0;
  /// Registers per work item the OpenCL host builds the streaming kernel of
  /// four floats or two doubles per work item for, where the platform takes
  /// NVIDIA's -cl-nv-maxrregcount (TargetTraits::BuildRegisterCap; 0
  /// elsewhere). Kernels of other widths are built without a bound, so the
  /// search does not rank vectors with it; it only counts the groups an SM
  /// holds of the vectors it bounds (wavesRegisterCap).
  int64_t BuiltRegisterCap = 0;
  /// What one work item's registers hold under RegisterCap (the profile's
  /// stream_* figures, docs/device-profiles.md; 0: no bound): rows of
  /// levels P x T, with chained levels, and P x T x words for several
  /// points of 8-byte elements; P x words for several points (0: one
  /// point per work item only).
  int64_t MaxLevels = 0, MaxChainedLevels = 0, MaxWideLevels = 0;
  int64_t MaxPointWords = 0;
  /// The most work items of a group of several points (0: MaxGroup).
  int64_t PointsMaxGroup = 0;
  /// 3D, one point per work item: a group inside the grid counts towards
  /// MinGroups once per this many of its work items (0: once).
  int64_t CountedGroupItems3D = 0;
  /// Run-time extents, several points: the share of MinGroups enough.
  double RunTimePointsGroupShare = 1;
};

/// The registers per work item that tell how many of `PV`'s groups an SM
/// holds, for the chunks fitted to the SMs' slots (StreamWaves.h): the
/// target's cap (CUDA), or the OpenCL build's bound where it applies to
/// `PV` (3D, 16 bytes of points per work item); 0 where neither does.
int64_t wavesRegisterCap(const StencilFeatures &F, const StreamLimits &Limits,
                         const ParameterVector &PV);

struct StreamChoice {
  ParameterVector PV;
  Prediction Predicted;
  int Considered = 0, Feasible = 0;
};

/// The streamed vector with the lowest predicted kernel time among W and
/// (3D) H powers of two from the warp width up to the group limit and
/// T = 1, 2, 4, ... up to MaxT, of those whose rings fit in local memory,
/// whose groups own points and fill the device; nullopt if none does or
/// the region cannot stream.
std::optional<StreamChoice> bestStreamed(const StencilFeatures &F,
                                         const DeviceProfile &Device,
                                         const StreamLimits &Limits);

} // namespace tilec

#endif
