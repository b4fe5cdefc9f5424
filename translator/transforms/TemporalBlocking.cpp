//===- TemporalBlocking.cpp - T time steps per launch --------------------===//
#include "transforms/TemporalBlocking.h"

#include "rules/MappingRules.h"

#include <set>

namespace tilec {

using namespace ir;

void applyTemporalBlocking(StencilRegion &R, int64_t T) {
  R.Map.TimeBlock = 1;
  R.Map.TimeBlockNote.clear();
  if (T <= 1)
    return;
  std::string Reason = singleStepReason(R);
  if (!Reason.empty()) {
    R.Map.TimeBlockNote = "T forced to 1: " + Reason;
    return;
  }
  R.Map.TimeBlock = T;
}

} // namespace tilec
