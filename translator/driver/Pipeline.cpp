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

#include <algorithm>

namespace tilec {

int64_t staticLocalMemoryLimit(const DeviceProfile &Device) {
  int64_t Profile =
      static_cast<int64_t>(Device.figure("local_memory_bytes").value_or(0));
  return Device.Kind == DeviceKind::GPU ? std::min<int64_t>(Profile, 48 * 1024)
                                        : Profile;
}

llvm::Error runStencilPipeline(ir::StencilRegion &Region,
                               const DeviceProfile &Device,
                               const PipelineOptions &Options,
                               const PassObserver &Observe) {
  eliminateCopy(Region);
  Observe("copy-elimination", Region);
  if (!Options.Params) {
    mapNaive(Region, Device);
    Observe("naive-mapping", Region);
    return llvm::Error::success();
  }
  const ParameterVector &PV = *Options.Params;
  if (llvm::Error E = applySpatialBlocking(Region, PV, Device))
    return E;
  if (llvm::Error E = sizeTiles(Region, Options.LocalMemoryLimit))
    return E;
  Observe("spatial-blocking", Region);
  applyTemporalBlocking(Region, PV.T);
  if (llvm::Error E = sizeTiles(Region, Options.LocalMemoryLimit))
    return E;
  Observe("temporal-blocking", Region);
  return llvm::Error::success();
}

} // namespace tilec
