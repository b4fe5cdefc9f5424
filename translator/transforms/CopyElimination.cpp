//===- CopyElimination.cpp - Replace the copy nest by buffer swaps -------===//
//
// Decides whether the copy nest runs as a kernel or as a swap of device
// buffers; when a swap is the same as copying is the rule in
// rules/CopyRules.h, which the search reads too.
//
//===----------------------------------------------------------------------===//
#include "transforms/CopyElimination.h"

#include "rules/CopyRules.h"

namespace tilec {

using namespace ir;

void eliminateCopy(StencilRegion &R) {
  if (!R.Copy.Present) {
    R.Copy.Strategy = CopyStrategy::None;
    R.Copy.StrategyReason = "the region has no copy nest";
    return;
  }
  std::string Blocker = copySwapBlocker(R);
  if (Blocker.empty()) {
    R.Copy.Strategy = CopyStrategy::Swap;
    R.Copy.StrategyReason = "copy equals calc range and pairs whole arrays";
  } else {
    R.Copy.Strategy = CopyStrategy::Kernel;
    R.Copy.StrategyReason = Blocker;
  }
}

} // namespace tilec
