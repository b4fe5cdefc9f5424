//===- Pipeline.cpp - The passes applied to every stencil region ---------===//
//
// The whole lowering in one list, in the order it runs (after Halide's
// Lower.cpp): each pass is one function in its own file under transforms/.
//
//===----------------------------------------------------------------------===//
#include "driver/Pipeline.h"

#include "transforms/CopyElimination.h"
#include "transforms/NaiveMapping.h"

namespace tilec {

void runStencilPipeline(ir::StencilRegion &Region, const DeviceProfile &Device,
                        const PassObserver &Observe) {
  eliminateCopy(Region);
  Observe("copy-elimination", Region);
  mapNaive(Region, Device);
  Observe("naive-mapping", Region);
}

} // namespace tilec
