//===- StageView.h - One stage of a region as a region of its own -*- C++
//-*-===//
//
// The mappings and kernel emitters work on single-stage regions. A stage of
// a multi-stage region is one: its own range, update, temporaries, the
// scalars it reads and what it reads and writes, over the region's fields
// (same order, so the stages share the region's device buffers). The view's
// StageSuffix tells its kernels and host function apart from the other
// stages'.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_STAGEVIEW_H
#define TILEC_IR_STAGEVIEW_H

#include "ir/StencilIR.h"

namespace tilec::ir {

/// Stage `Index` of a multi-stage region, with the stage's mapping. A calc
/// stage's view has no copy nest; a copy stage's view has no calc range
/// and a copy nest run as a kernel.
StencilRegion stageView(const StencilRegion &Region, unsigned Index);

} // namespace tilec::ir

#endif
