//===- CopyElimination.cpp - Replace the copy nest by buffer swaps -------===//
//
// Swapping is the same as copying when, after every step, the destination
// buffer holds exactly what the source would hold after the copy. That needs:
//  - the copy range equal to the calc range, so only points that calc just
//    wrote are copied, and boundary cells stay as they were;
//  - whole arrays paired one to one, so each swap is an exchange of two
//    buffers;
//  - calc running before copy, and never reading the destination, so the
//    destination's previous contents (which after a swap are the source's)
//    do not matter;
//  - both device buffers starting with the source's contents, so either of
//    them shows the source's boundary to the next step (the host side does
//    this; see HostEmitter).
// The rule is rules/CopyRules.h.
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
