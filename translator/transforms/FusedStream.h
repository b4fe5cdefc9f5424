//===- FusedStream.h - The stages of T steps streamed in one pass -*- C++
//-*-===//
//
// A fused multi-stage region whose work group is one point deep along the
// outermost axis streams along that axis: each iteration loads one more
// row (plane) of every field into a ring in local memory, and each of the
// T x S levels (stage s of step t) then updates, in place in the rings,
// the row its lag puts it on. The lags follow from the dependences between
// levels, row by row:
//   - a level reads rows up to p ahead: they must be loaded (lag >= p);
//   - it reads a field an earlier level writes, p rows ahead: that level
//     must have passed the row (lag >= its lag + p);
//   - a later level writes a field this one reads m rows behind: it must
//     not have reached that row yet (its lag >= this lag + m);
//   - two levels write one field: they keep their order (lag >= lag).
// Each level computes only where all its inputs are valid: a group loads
// its chunk's rows plus a warm-up, and its columns lose, level by level,
// the reach of what each level reads from the levels before it.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TRANSFORMS_FUSEDSTREAM_H
#define TILEC_TRANSFORMS_FUSEDSTREAM_H

#include "ir/StencilIR.h"

#include <map>
#include <vector>

namespace tilec {

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
  std::array<int64_t, ir::MaxAxes> RimMinus{}, RimPlus{};
  /// Other work items' results must be visible (or their reads done)
  /// before this level runs.
  bool BarrierBefore = false;
};

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
  std::array<int64_t, ir::MaxAxes> RimMinus{}, RimPlus{};
};

/// Plans the T x S levels of `Region` (multi-stage, fusable).
FusedStreamPlan planFusedStream(const ir::StencilRegion &Region, int64_t T);

} // namespace tilec

#endif
