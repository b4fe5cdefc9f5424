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

#include "tuning/ByteFlopRatio.h"
#include "tuning/DeviceProfile.h"
#include "tuning/ParameterVector.h"
#include "tuning/RunTimeModel.h"

#include <optional>

namespace tilec {

struct StreamLimits {
  int64_t TileLimit = 0; ///< Local memory a kernel may declare.
  int64_t MaxGroup = 0;  ///< Work items per group.
  int64_t MinGroups = 1; ///< N_wg.
  int64_t MaxT = 1;      ///< 1 when the region must run a step per launch.
  int64_t Warp = 32;     ///< The smallest W tried.
};

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
