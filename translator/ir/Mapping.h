//===- Mapping.h - How a grid is mapped onto work items --------*- C++ -*-===//
//
// The decisions of the mapping passes, part of the stencil IR (StencilIR.h):
// the kind of mapping and its vector, the tiles and halos of blocked kernels,
// the streaming kernel's chunks, points and form (StreamShape), and the plan
// of a fused streaming kernel's levels (FusedStreamPlan). Passes fill them
// in; --dump-ir prints them; back ends print the kernels they describe.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_MAPPING_H
#define TILEC_IR_MAPPING_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilec::ir {

constexpr unsigned MaxAxes = 3;

/// One stage of one step of a launch.
struct FusedStreamLevel {
  unsigned Stage = 0; ///< Index into StencilRegion::Stages.
  unsigned Step = 0;  ///< 0 .. T-1 within the launch.
  /// Rows behind the row loaded in the same iteration.
  int64_t Lag = 0;
  /// The first row it can compute, counted from the first row loaded.
  int64_t ValidFrom = 0;
  /// Per inner axis, the work items at each side of the group whose
  /// inputs are not all valid at this level.
  std::array<int64_t, MaxAxes> RimMinus{}, RimPlus{};
  /// Other work items' results must be visible (or their reads done)
  /// before this level runs.
  bool BarrierBefore = false;
};

/// A fused multi-stage region that streams: its T x S levels and what they
/// need (transforms/FusedStream.h plans them).
struct FusedStreamPlan {
  std::vector<FusedStreamLevel> Levels;
  /// Rows loaded before the chunk's first row.
  int64_t Warmup = 0;
  /// Iterations after the chunk's last row is loaded, until the last level
  /// has passed it.
  int64_t Drain = 0;
  /// Rows each field's ring holds (a power of two).
  int64_t RingRows = 1;
  /// Per written field, the last level that writes it: its row goes to the
  /// field's second buffer in the same iteration.
  std::map<unsigned, unsigned> FinalWriter;
  /// Storing the next row into the rings must wait for this iteration's
  /// reads of other columns.
  bool BarrierBeforeLoad = false;
  /// Per inner axis, what the group computes but does not own.
  std::array<int64_t, MaxAxes> RimMinus{}, RimPlus{};
};

/// The mapping's alternatives. Every kind but Naive stages tiles in local
/// memory (the blocked family, Mapping::tiled()); the fields of Mapping
/// say which kinds they belong to.
enum class MappingKind {
  None,  ///< Not mapped yet (or, multi-stage: each stage has its own).
  Naive, ///< One work item per point, operands straight from memory.
  /// Work groups stage tiles in local memory (spatial blocking), for T
  /// steps per launch (temporal blocking, overlapped tiles when T > 1).
  Blocked,
  /// Blocked with a block one point deep along the outermost axis: each
  /// group streams its column along that axis (Mapping::StreamChunk ...).
  Streamed,
  /// Every stage of a step in one blocked kernel (StageFusion.h).
  Fused,
  /// Fused, streaming its column (Mapping::FusedPlan).
  FusedStreamed,
};

/// The kind's name in --dump-ir: "naive", "streamed", "fused-streamed"...
const char *mappingKindName(MappingKind Kind);
/// The family's name in the emitted code's comments: "naive" or "blocked"
/// (which then says whether it streams and fuses).
const char *mappingFamilyName(MappingKind Kind);

/// The streaming calc kernel's form beyond its vector: every choice that
/// changes the emitted kernel, made by the stream-shape pass from the rules
/// in rules/StreamShapeRules.h (each says why there).
struct StreamShape {
  /// Registers per work item the kernel is built for; 0: the compiler's
  /// choice.
  int64_t RegisterCap = 0;
  /// Rows of the streamed axis per trip of the row loop (1 to 3).
  int64_t RowsPerTrip = 1;
  /// Global accesses go through one byte cursor per field, advanced a row
  /// per iteration (extents known only at run time).
  bool ByteCursors = false;
  /// The staged fields' cursors point at level 1's row (else at the loop's
  /// row); those of fields the last level writes, at level T's.
  bool CursorsAtFirstLevel = false;
  /// Reads of global memory index each array as one run of elements from
  /// the first point's int index in row 0.
  bool ColumnIndex = false;
  /// Rings are indexed from a pointer to the work item's own cell.
  bool RingPointer = false;
  /// Groups whose columns all lie in the calc range run a copy of the row
  /// loop without the column tests.
  bool ColumnsInRangeCopy = false;
  /// Interior groups (every level's points in the calc range, all T steps)
  /// run a copy of the row loop without any range or step test.
  bool InteriorCopy = false;
  /// Where each point's column tests (inside the arrays, in the calc range,
  /// owned by the group) are computed.
  enum class ColumnTests {
    PerUse,  ///< Where they are used.
    Hoisted, ///< Once before the row loop (per point: three arrays).
    Placed,  ///< Once, as one place number per point.
    SplitXY, ///< Once along x as a place number; y tested where used.
  };
  ColumnTests Columns = ColumnTests::PerUse;
  /// Ping-pong pairs of several sweeps per launch: how edge groups read
  /// each sweep's boundary value.
  enum class BoundaryRead {
    None,                ///< Not a pair, or one sweep per launch.
    Prefetched,          ///< Loaded a row ahead, as the input is.
    AtUse,               ///< Loaded where used, indexed from the coordinates.
    AtUseThroughCursors, ///< Loaded where used, through byte cursors.
  };
  BoundaryRead Boundary = BoundaryRead::None;
  /// The field a level past the first computes in every work item and then
  /// selects (or the level below's value), with no memory access to guard.
  std::optional<unsigned> SelectedField;
  /// The registers per work item the OpenCL host builds the kernel for
  /// where the platform takes NVIDIA's bound; 0: built without one.
  int64_t BuildRegisterCap = 0;
};

/// The mapping of the grid onto work items, chosen by the mapping passes:
/// its kind, then the fields of every kind, of the tiled kinds, of the
/// streaming kinds and of the naive kind, in that order.
struct Mapping {
  MappingKind Kind = MappingKind::None;
  /// Tiles in local memory: every kind but Naive (and None).
  bool tiled() const {
    return Kind != MappingKind::None && Kind != MappingKind::Naive;
  }
  /// Streamed and FusedStreamed: a block one point deep along the
  /// outermost axis (H = 1 in 2D, D = 1 in 3D), without a reduction; each
  /// work group streams its column of the grid along that axis, one row
  /// (2D) or plane (3D) per iteration, and advances up to TimeBlock steps
  /// in one pass, each step a few rows behind the one before. Tile[0] is
  /// then the ring of rows each intermediate step keeps in local memory,
  /// Tile[1..] the padded row.
  bool streams() const {
    return Kind == MappingKind::Streamed || Kind == MappingKind::FusedStreamed;
  }
  /// Fused and FusedStreamed (multi-stage regions): every stage of a step
  /// runs in one kernel, on tiles of all the fields the stages use, for up
  /// to TimeBlock steps per launch (StageFusion.h). HaloMinus/HaloPlus are
  /// then one step's reach: the sum of the stages' radii.
  bool fused() const {
    return Kind == MappingKind::Fused || Kind == MappingKind::FusedStreamed;
  }

  // Every kind.

  /// Work-group extent per axis (C order); for the tiled kinds also the
  /// block of points a work group owns.
  std::array<int64_t, MaxAxes> WorkGroup{1, 1, 1};
  /// Time steps per launch (overlapped tiling when > 1).
  int64_t TimeBlock = 1;
  /// Why TimeBlock is smaller than asked, if it is.
  std::string TimeBlockNote;

  // The tiled kinds.

  /// The fields staged in local memory, the halo per axis and side (the
  /// largest offsets of those fields' reads), and the tile extent per
  /// axis: block + halo * TimeBlock on each side.
  std::vector<unsigned> TiledFields;
  std::array<int64_t, MaxAxes> HaloMinus{}, HaloPlus{};
  std::array<int64_t, MaxAxes> Tile{1, 1, 1};
  int64_t LocalMemoryBytes = 0;
  /// The tiles take more local memory than a kernel may declare statically
  /// (the profile's static_local_memory_bytes): the kernel places them in
  /// memory sized at launch (CUDA's dynamic shared memory),
  /// LocalMemoryBytes of it.
  bool DynamicLocalMemory = false;

  // The streaming kinds.

  /// Rows (planes) one streaming work group walks; the streamed axis is cut
  /// into such chunks so that there are enough groups to fill the device.
  int64_t StreamChunk = 8;
  /// The rows per chunk the vector asked for (its C), 0 if it left them to
  /// the default for T.
  int64_t AskedChunk = 0;
  /// The coordinate of the first work item of group 0 along each inner
  /// axis. With T = 1 the x axis starts on a 128-byte boundary, so that
  /// every group's rows are aligned (docs/notes/streaming.md).
  std::array<int64_t, MaxAxes> StreamStart{};
  /// The columns along each inner axis, on each side of a work group, that
  /// it computes but does not own: what its later steps (or, fused, its
  /// later stages) could no longer compute there. One stage: the halo
  /// times T - 1.
  std::array<int64_t, MaxAxes> StreamRimMinus{}, StreamRimPlus{};
  /// 3D: the adjacent points along y (axis 1) each work item computes, so
  /// that all but its first and last point find their y neighbours in its
  /// own registers.
  int64_t StreamPoints = 1;
  /// T > 1: level l works on the row one behind level l - 1's in the same
  /// trip, not two (chainsStreamedLevels()), and the ring has two slots.
  bool ChainedLevels = false;
  /// Streamed: the kernel's form (the stream-shape pass).
  StreamShape Shape;
  /// FusedStreamed: the plan of the levels (StageFusion.h).
  std::optional<FusedStreamPlan> FusedPlan;

  /// The points along inner axis `A` a work group covers.
  int64_t streamSpan(unsigned A) const {
    return WorkGroup[A] * (A == 1 ? StreamPoints : 1);
  }
  /// The points along inner axis `A` a work group owns.
  int64_t streamOwned(unsigned A) const {
    return streamSpan(A) - StreamRimMinus[A] - StreamRimPlus[A];
  }

  // The naive kind.

  /// 3D: the consecutive points along the outermost axis each work item
  /// computes, one after the other (mapNaive says where and why).
  int64_t NaivePlanes = 1;

  int64_t workGroupSize() const {
    return WorkGroup[0] * WorkGroup[1] * WorkGroup[2];
  }
};

} // namespace tilec::ir

#endif
