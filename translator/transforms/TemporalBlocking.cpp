//===- TemporalBlocking.cpp - T time steps per launch --------------------===//
#include "transforms/TemporalBlocking.h"

#include "transforms/StageFusion.h"

#include <set>

namespace tilec {

using namespace ir;

std::string singleStepReason(const StencilRegion &R) {
  if (!R.StageSuffix.empty())
    return "the stages of a step run as one kernel each";
  if (R.multiStage()) {
    std::string Blocker = fusionBlocker(R);
    return Blocker.empty() ? fusedSingleStepReason(R)
                           : "the stages cannot share a kernel: " + Blocker;
  }
  if (R.Reduce)
    return "a reduction must be seen every step";
  for (const TimeLoopItem &Item : R.Body)
    if (Item.ItemKind == TimeLoopItem::HostStatement)
      return "host statements run between steps";
  if (R.Copy.Strategy == CopyStrategy::None)
    return "no copy nest carries a step's result into the next step";
  if (R.Copy.Strategy != CopyStrategy::Swap)
    return "the copy nest is not a buffer swap";
  std::set<unsigned> Copied;
  for (const CopyAssignment &C : R.Copy.Assignments)
    Copied.insert(C.ValueField);
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (R.Fields[I].Role == FieldRole::Destination && !Copied.count(I))
      return "'" + R.Fields[I].Name + "' is written but not copied back";
  for (const CopyAssignment &C : R.Copy.Assignments)
    if (!R.Fields[C.TargetField].ReadInCalc)
      return "'" + R.Fields[C.TargetField].Name +
             "' is copied back but the calc never reads it";
  if (!R.Time.Canonical)
    return "the time loop is not 'for (t = lo; t < hi; t++)' (or t <= hi)";
  return "";
}

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
