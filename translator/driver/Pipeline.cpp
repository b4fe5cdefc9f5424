//===- Pipeline.cpp - The passes applied to every stencil region ---------===//
//
// The whole lowering in one list, in the order it runs (after Halide's
// Lower.cpp): each pass is one function in its own file under transforms/.
//
//===----------------------------------------------------------------------===//
#include "driver/Pipeline.h"

#include "transforms/CopyElimination.h"
#include "transforms/NaiveMapping.h"
#include "transforms/SpatialBlocking.h"
#include "transforms/TemporalBlocking.h"
#include "tuning/EvolutionSearch.h"
#include "tuning/Explain.h"

#include <algorithm>

namespace tilec {

int64_t staticLocalMemoryLimit(const DeviceProfile &Device) {
  int64_t Profile =
      static_cast<int64_t>(Device.figure("local_memory_bytes").value_or(0));
  return Device.Kind == DeviceKind::GPU ? std::min<int64_t>(Profile, 48 * 1024)
                                        : Profile;
}

/// Spatial then temporal blocking with `PV`.
static llvm::Error applyBlocking(ir::StencilRegion &Region,
                                 const DeviceProfile &Device,
                                 const ParameterVector &PV,
                                 int64_t LocalMemoryLimit,
                                 const PassObserver &Observe) {
  if (llvm::Error E = applySpatialBlocking(Region, PV, Device))
    return E;
  if (llvm::Error E = sizeTiles(Region, LocalMemoryLimit))
    return E;
  Observe("spatial-blocking", Region);
  applyTemporalBlocking(Region, PV.T);
  if (llvm::Error E = sizeTiles(Region, LocalMemoryLimit))
    return E;
  Observe("temporal-blocking", Region);
  return llvm::Error::success();
}

llvm::Error runStencilPipeline(ir::StencilRegion &Region,
                               const DeviceProfile &Device,
                               const PipelineOptions &Options,
                               const PassObserver &Observe) {
  eliminateCopy(Region);
  Observe("copy-elimination", Region);
  if (Options.Params) {
    const ParameterVector &PV = *Options.Params;
    if (llvm::Error E = applyBlocking(Region, Device, PV,
                                      Options.LocalMemoryLimit, Observe))
      return E;
    if (Options.Explain)
      Options.Explain("  parameters given with --params\n" +
                      explainPrediction(analyseStencil(Region), Device,
                                        ParameterVector{PV.W, PV.H, PV.D,
                                                        Region.Map.TimeBlock}));
    return llvm::Error::success();
  }
  if (Options.ForceNaive) {
    mapNaive(Region, Device);
    Observe("naive-mapping", Region);
    if (Options.Explain)
      Options.Explain(
          "  naive mapping requested (--params=naive)\n" +
          explainPrediction(analyseStencil(Region), Device, std::nullopt));
    return llvm::Error::success();
  }

  // No --params: the static parameter search decides.
  llvm::Expected<Selection> S =
      selectParameters(Region, Device, {Options.LocalMemoryLimit});
  if (!S)
    return S.takeError();
  std::string Explanation = explainSelection(*S, Device);
  bool Blocked = false;
  if (!S->Naive) {
    if (llvm::Error E = applyBlocking(Region, Device, S->PV,
                                      Options.LocalMemoryLimit, Observe))
      Explanation += "  the blocked mapping cannot be applied (" +
                     llvm::toString(std::move(E)) +
                     "); naive mapping instead\n";
    else
      Blocked = true;
  }
  if (!Blocked) {
    mapNaive(Region, Device);
    Observe("naive-mapping", Region);
  }
  if (Options.Explain)
    Options.Explain(Explanation);
  return llvm::Error::success();
}

} // namespace tilec
