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
  /// Registers per work item the target caps a streaming kernel of several
  /// points at (CUDA's __launch_bounds__: SeveralPointsRegisterCap), 0 where it
  /// states none (OpenCL): with the cap the search knows how many groups
  /// an SM holds.
  int64_t RegisterCap = 0;
  /// With RegisterCap, the most work items one group of that kernel may
  /// have: as many as the device allows and an SM's registers hold at the
  /// cap (1024 on Hopper); 0 without it. Only chained doubles use it.
  int64_t MaxCappedGroup = 0;
};

/// The registers per work item CUDA caps the streaming kernel of several
/// points and constant extents at (StreamedKernel::registerBudget): nvcc
/// gives heat3d's kernel 66 to 87 registers, and capped at 64 it runs
/// 64x4 points x4 at T = 2 in 27.2 ms instead of 33.2 and at T = 3 in
/// 27.4 instead of 43.4 (512^3, H200; 56 and 48 were slower).
constexpr int64_t SeveralPointsRegisterCap = 64;

/// The registers per work item CUDA caps the 2D streaming kernel of one
/// staged field of doubles at, the only array the calc reads, read at most
/// one row away along the streamed axis, with constant strides, one stage, no
/// reduction, no ping-pong pair, 2 to 8 steps and groups of at most 512 work
/// items (StreamedKernel::registerBudget; the search reads it in
/// StreamWaves.cpp, reliedRegisterCap). ptxas gives heat2d's kernel 64, 93 and
/// 111 registers at T = 4, 6 and 8 without a cap (112 with it), so the cap
/// changes nothing but tells the search how many groups an SM holds: at least
/// 65536 / 128 work items.
constexpr int64_t DoubleRows2DRegisterCap = 128;
constexpr int64_t DoubleRows2DMaxSteps = 8;
constexpr int64_t DoubleRows2DMaxGroup = 512;

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
