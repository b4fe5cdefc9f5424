//===- SameBoundaryView.h - A pair whose sweeps share a boundary -*- C++
//-*-===//
#ifndef TILEC_IR_SAMEBOUNDARYVIEW_H
#define TILEC_IR_SAMEBOUNDARYVIEW_H

#include "ir/StencilIR.h"

namespace tilec::ir {

/// Where a folded pair's arrays agree outside the calc range (PolyBench's
/// heat-3d starts A and B equal), every sweep shows the same boundary: the
/// pair is then the paper's form with a buffer swap, and a launch of
/// several sweeps runs a calc + copy region's kernel, which reads no other
/// array and has no edge path. That region, its calc kernel named apart,
/// with the pair's SameBoundaryMap where it has one.
StencilRegion sameBoundaryView(const StencilRegion &Pair);

} // namespace tilec::ir

#endif
