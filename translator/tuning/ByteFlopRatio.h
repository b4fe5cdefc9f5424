//===- ByteFlopRatio.h - What the parameter search knows of a stencil -*- C++
//-*-===//
//
// The figures of a stencil region that the evolution-vector search and the
// run-time model use, read off the IR once: grid extents, halo radius per
// axis, arrays, operators per point, and the byte/flop ratio BF_alg of the
// paper's equation 1, with the two ways it can fall as T grows (the paper's
// reading and the physical one that counts redundant halo work).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_BYTEFLOPRATIO_H
#define TILEC_TUNING_BYTEFLOPRATIO_H

#include "ir/StencilIR.h"
#include "target/ParameterVector.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tilec {

/// Per-axis arrays below run in PV order: x (contiguous), y, z.
struct StencilFeatures {
  unsigned Dims = 1;
  std::array<int64_t, 3> Extent{1, 1, 1}; ///< Array extent per axis.
  std::array<int64_t, 3> Points{1, 1, 1}; ///< Calc range per axis.
  /// Largest halo (minus + plus) per axis over all fields the calc reads.
  std::array<int64_t, 3> HaloWidth{0, 0, 0};
  /// The same over the fields the blocked kernels stage in local memory.
  std::array<int64_t, 3> StagedHaloWidth{0, 0, 0};
  /// N_array: every array of the region, a component of a[4][..] counting
  /// as one array (Himeno: 14).
  unsigned Arrays = 0;
  /// Arrays the calc reads, a[4][..] counted once (Himeno: 6).
  unsigned ReadArrays = 0;
  /// Bytes of all arrays per grid point (N_array x element size).
  int64_t BytesPerPoint = 0;
  /// Bytes per point of the fields the blocked kernels stage.
  int64_t StagedBytesPerPoint = 0;
  /// The fields the single-stage kernels stage (multi-stage: 0).
  unsigned StagedFields = 0;
  /// A ping-pong pair: two sweeps per step, the arrays taking turns.
  bool PingPong = false;
  int64_t ElementBytes = 4; ///< Largest element size.
  unsigned Buffers = 0;     ///< Fields (host-device transfers each way).
  unsigned Ops = 1;         ///< N_op: operators of the update per point.
  int64_t Steps = 1;        ///< Time steps of the region.
  int64_t CalcPoints = 1;
  int64_t GridPoints = 1;
  /// Why the region must run one step per launch ("" if it need not).
  std::string SingleStepReason;
  bool HasReduction = false;
  /// The host reads the reduction's partial results after every launch
  /// (not only at leave: ir::Reduction::CombinedAtLeave).
  bool ReductionReadEachLaunch = false;
  /// Multi-stage regions run fused (every used field staged, one copy per
  /// field, the step's reach the sum of the stages' radii); streaming, each
  /// field keeps a ring of rows and every stage is a pass over the row.
  bool FusedStages = false;
  unsigned Stages = 1;
  /// The streaming kernel may give each work item several points along y
  /// (ParameterVector::P): one calc nest with a copy nest in 3D, no
  /// reduction; with extents known only at run time no fields with
  /// components and no ping-pong pair.
  bool PointsAlongY = false;
  /// The single-stage 3D kernel with extents known only at run time (not a
  /// ping-pong pair): its steps have figures of their own
  /// (stream_runtime_item_ps_3d, stream_runtime_level_ps_3d), fitted to a
  /// sweep of its vectors, and a group of several points counts once
  /// towards min_work_groups.
  bool RunTimeKernel = false;
  /// The streaming kernel chains its levels for T > 1
  /// (chainsStreamedLevels): each lags one row behind the level below, not
  /// two, and its ring has two slots.
  bool ChainsLevels = false;
  /// Every extent and calc bound is a constant, so the groups of a launch
  /// are counted, not assumed.
  bool KnownExtents = true;
  /// What the model assumes for sizes known only at run time, to say in
  /// --explain.
  std::vector<std::string> Assumptions;
  /// Bytes a kernel moves per point and step: one kernel for the whole
  /// step (fused stages read and write each field once), and the naive
  /// mapping (multi-stage: one kernel per stage, NaiveLaunchesPerStep).
  int64_t KernelBytesPerPoint = 0;
  double NaiveBytesPerPoint = 0;
  unsigned NaiveLaunchesPerStep = 1;
};

StencilFeatures analyseStencil(const ir::StencilRegion &R);

/// BF_alg at T = 1 (paper's equation 1): N_array x D_field / N_WI / N_op,
/// i.e. bytes per point over operators per point.
double bfAlg(const StencilFeatures &F);

/// The paper-reproduction reading: BF_alg(1) / T^(d+1). It reproduces every
/// T of the paper's Table 6; it has no physical derivation (see
/// docs/parameter-selection.md).
double bfAlgPaper(const StencilFeatures &F, int64_t T);

/// Redundancy of overlapped tiling: operators executed per owned point and
/// step, relative to T = 1. Step k of T computes the block plus
/// (T - k) halos on each side.
double redundancy(const StencilFeatures &F, const ParameterVector &PV);

/// The physical reading: the same bytes serve T steps, and the redundant
/// halo computation adds operators: BF_alg(1) / (T x redundancy).
double bfAlgBlocked(const StencilFeatures &F, const ParameterVector &PV);

/// Work groups launched for a block of W x H x D points.
int64_t workGroupCount(const StencilFeatures &F, const ParameterVector &PV);

/// The paper-reproduction tile: every array the calc reads (components
/// counted once) over the block plus a halo of r x T on each side.
int64_t paperTileBytes(const StencilFeatures &F, const ParameterVector &PV);

/// The tile the blocked kernels really allocate (SpatialBlocking's
/// sizeTiles): the staged fields over the block plus their halos times T,
/// two copies when T > 1.
int64_t stagedTileBytes(const StencilFeatures &F, const ParameterVector &PV);

/// Whether the search models `PV` as the streaming kernel: a 2D or 3D grid
/// without a reduction, with fields to stage, and a block one point deep
/// along the outermost axis (H = 1 in 2D, D = 1 in 3D). A region with a
/// reduction streams only when --params asks for it.
bool streams(const StencilFeatures &F, const ParameterVector &PV);

/// Streaming: the rows a chunk walks besides its own (warm-up and the lag
/// of its later steps), and the rows per chunk.
int64_t streamLag(const StencilFeatures &F, int64_t T);
int64_t streamChunkRows(const StencilFeatures &F, const ParameterVector &PV);

/// Streaming: work items per owned point along the inner axes (each later
/// step loses the halo, every step computes the whole group); infinity when
/// the group owns nothing.
double streamRedundancy(const StencilFeatures &F, const ParameterVector &PV);

/// Streaming: local memory of the rings of steps 1 .. T-1.
int64_t streamTileBytes(const StencilFeatures &F, const ParameterVector &PV);

/// Streaming: groups over the inner axes times chunks along the outermost.
int64_t streamGroupCount(const StencilFeatures &F, const ParameterVector &PV);
/// The points one streaming group covers: its owned block times the rows
/// of a chunk, whether or not they lie inside the grid.
double streamCoveredPerGroup(const StencilFeatures &F,
                             const ParameterVector &PV);

} // namespace tilec

#endif
