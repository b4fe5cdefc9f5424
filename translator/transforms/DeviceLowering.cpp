//===- DeviceLowering.cpp - The regions a back end prints ----------------===//
#include "transforms/DeviceLowering.h"

#include "ir/SameBoundaryView.h"
#include "ir/SlabView.h"
#include "ir/StageView.h"
#include "ir/VariantView.h"
#include "transforms/SafeNames.h"

namespace tilec {

using namespace ir;

/// The kernel views of a slab: one per stage when the stages run as
/// kernels of their own, one per variant when the mapping is chosen at run
/// time, else the slab itself; then a ping-pong pair's same-boundary
/// kernel, when its launches run several sweeps.
static std::vector<KernelView> kernelViews(const StencilRegion &Slab) {
  std::vector<KernelView> Views;
  if (Slab.multiStage() && !Slab.Map.fused())
    for (unsigned I = 0; I < Slab.Stages.size(); ++I)
      Views.push_back(
          {"stage-view " + std::to_string(I + 1), stageView(Slab, I)});
  else if (!Slab.Variants.empty())
    for (unsigned I = 0; I < Slab.Variants.size(); ++I)
      Views.push_back(
          {"variant-view " + std::to_string(I + 1), variantView(Slab, I)});
  else
    Views.push_back({"slab-view", Slab});
  if (pingPongBlocks(Slab))
    Views.push_back({"same-boundary-view", sameBoundaryView(Slab)});
  return Views;
}

LoweredRegion lowerForDevice(const StencilRegion &Mapped,
                             const std::set<std::string> &Reserved,
                             const LoweringObserver &Observe) {
  LoweredRegion L;
  L.Source = Mapped;
  L.Device = withSafeNames(Mapped, Reserved);
  Observe("safe-names", L.Device);
  L.Device.KernelAccess = true;
  Observe("kernel-access", L.Device);
  // Every region runs as slabs along its slowest axis, one per device.
  L.Slab = slabView(L.Device);
  Observe("slab-view", L.Slab);
  L.Kernels = kernelViews(L.Slab);
  for (const KernelView &V : L.Kernels)
    if (V.Step != "slab-view") // Observed above.
      Observe(V.Step, V.Region);
  return L;
}

} // namespace tilec
