//===- SameBoundaryView.cpp - A pair whose sweeps share a boundary -------===//
#include "ir/SameBoundaryView.h"

namespace tilec::ir {

StencilRegion sameBoundaryView(const StencilRegion &Pair) {
  StencilRegion View = Pair;
  View.PingPong = false;
  View.VariantSuffix += "_same_boundary";
  if (Pair.SameBoundaryMap)
    View.Map = *Pair.SameBoundaryMap;
  View.SameBoundaryMap.reset();
  return View;
}

} // namespace tilec::ir
