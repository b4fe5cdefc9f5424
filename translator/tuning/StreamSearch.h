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
  /// Registers per work item the OpenCL host builds the streaming kernel of
  /// four floats or two doubles per work item for, where the platform takes
  /// NVIDIA's -cl-nv-maxrregcount (OpenCLSeveralPointsRegisters; 0
  /// elsewhere). Kernels of other widths are built without a bound, so the
  /// search does not rank vectors with it; it only counts the groups an SM
  /// holds of the vectors it bounds (wavesRegisterCap).
  int64_t BuiltRegisterCap = 0;
};

/// The registers per work item that tell how many of `PV`'s groups an SM
/// holds, for the chunks fitted to the SMs' slots (StreamWaves.h): the
/// target's cap (CUDA), or the OpenCL build's bound where it applies to
/// `PV` (3D, 16 bytes of points per work item); 0 where neither does.
int64_t wavesRegisterCap(const StencilFeatures &F, const StreamLimits &Limits,
                         const ParameterVector &PV);

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

/// The registers per work item NVIDIA's OpenCL compiler is told to fit the
/// streaming kernel of four floats or two doubles per work item in
/// (-cl-nv-maxrregcount; OpenCL cannot bound them in the kernel as CUDA's
/// __launch_bounds__ does). Unbounded it gives heat3d's four-point kernel
/// 100 registers: two groups of 256 per SM, 34.0 ms at 512^3 (32,8,1,3,4)
/// against CUDA's 26.7 with 64. Bounded at 64 it spills (57 ms); at 80
/// three groups fit: 30.4 ms, and 66.0 ms instead of 71.5 for the heat-3d
/// pair (72 and 88: no gain; H100, docs/performance.md).
constexpr int64_t OpenCLSeveralPointsRegisters = 80;

/// Whether the OpenCL host builds a streaming kernel of `Points` points of
/// `ElementBytes` each per work item for OpenCLSeveralPointsRegisters: 16
/// bytes of points. Kernels that need fewer registers ran slower under the
/// bound (HostFunctionWriter::boundsRegisters says which).
inline bool openCLBoundsRegisters(int64_t Points, int64_t ElementBytes) {
  return Points * ElementBytes == 16;
}
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
