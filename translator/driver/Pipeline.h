//===- Pipeline.h - The passes applied to every stencil region --*- C++ -*-===//
#ifndef TILEC_DRIVER_PIPELINE_H
#define TILEC_DRIVER_PIPELINE_H

#include "ir/StencilIR.h"
#include "tuning/DeviceProfile.h"

#include <functional>
#include <string>

namespace tilec {

/// Called after each pass with its name and the IR, for --dump-ir-after-all.
using PassObserver =
    std::function<void(const std::string &Pass, const ir::StencilRegion &)>;

void runStencilPipeline(ir::StencilRegion &Region, const DeviceProfile &Device,
                        const PassObserver &Observe);

} // namespace tilec

#endif
