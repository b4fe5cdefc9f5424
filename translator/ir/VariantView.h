//===- VariantView.h - One of the mappings compiled into a region -*- C++
//-*-===//
//
// A region whose extents are known only at run time can carry several
// mappings (StencilRegion::Variants), each the one the run-time model
// predicts fastest for a class of grid sizes. The emitted host code picks
// one at region entry from the actual extents. A variant's view is the
// region with that mapping; its VariantSuffix tells its calc kernel and
// calc host function apart from the other variants'.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_VARIANTVIEW_H
#define TILEC_IR_VARIANTVIEW_H

#include "ir/StencilIR.h"

namespace tilec::ir {

/// Variant `Index` of `Region`, as a region of its own (no variants).
StencilRegion variantView(const StencilRegion &Region, unsigned Index);

/// A mapping in --params syntax: `naive` or `W,H,D,T`.
std::string vectorText(const Mapping &Map, unsigned Dims);

/// `Region` with every extent known only at run time set to `Extent`, and
/// the calc and copy ranges that follow those extents moved with them:
/// the sizes tuning assumes, for another class of grids.
StencilRegion withAssumedExtent(const StencilRegion &Region, int64_t Extent);

} // namespace tilec::ir

#endif
