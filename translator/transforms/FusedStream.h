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

using ir::FusedStreamLevel;
using ir::FusedStreamPlan;

/// Plans the T x S levels of `Region` (multi-stage, fusable).
FusedStreamPlan planFusedStream(const ir::StencilRegion &Region, int64_t T);

} // namespace tilec

#endif
