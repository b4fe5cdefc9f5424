//===- ConstructCost.cpp - What a statement of the time loop costs -------===//
#include "tuning/ConstructCost.h"

#include "rules/CopyRules.h"

#include <algorithm>

namespace tilec {

using namespace ir;

namespace {

double gstencils(const Prediction &P) {
  return P.SecondsPerPointStep > 0 ? 1e-9 / P.SecondsPerPointStep : 0;
}

} // namespace

void noteSlowConstructs(StencilRegion &Region, const StencilRegion &Unmapped,
                        const DeviceProfile &Device,
                        const SelectionOptions &Options) {
  auto IsHost = [](const TimeLoopItem &Item) { return Item.hostWork(); };
  auto First = std::find_if(Unmapped.Body.begin(), Unmapped.Body.end(), IsHost);
  bool Blocked =
      Region.Map.TimeBlock > 1 ||
      std::any_of(Region.Stages.begin(), Region.Stages.end(),
                  [](const Stage &S) { return S.Map.TimeBlock > 1; });
  if (First == Unmapped.Body.end() || Blocked)
    return;
  llvm::Expected<Selection> Chosen =
      selectParameters(Unmapped, Device, Options);
  if (!Chosen) {
    llvm::consumeError(Chosen.takeError());
    return;
  }
  StencilRegion Without = Unmapped;
  Without.Body.erase(
      std::remove_if(Without.Body.begin(), Without.Body.end(), IsHost),
      Without.Body.end());
  // Without them the copy nest may become a buffer swap.
  if (Without.Copy.Present && copySwapBlocker(Without).empty())
    Without.Copy.Strategy = CopyStrategy::Swap;
  llvm::Expected<Selection> Better = selectParameters(Without, Device, Options);
  if (!Better) {
    llvm::consumeError(Better.takeError());
    return;
  }
  if (Better->Naive || Better->PV.T <= 1)
    return;
  double With = gstencils(Chosen->Predicted);
  double Faster = gstencils(Better->Predicted);
  if (With <= 0 || Faster < SlowConstructSpeedup * With)
    return;
  StencilRegion::SlowConstruct Slow;
  Slow.Reason = "one time step per launch";
  Slow.Line = First->Line;
  Slow.Column = First->Column;
  Slow.GStencils = With;
  Slow.GStencilsWithout = Faster;
  Slow.TimeBlockWithout = Better->PV.T;
  Slow.VectorWithout = "--params=" + Better->PV.str();
  Region.SlowedBy = Slow;
}

} // namespace tilec
