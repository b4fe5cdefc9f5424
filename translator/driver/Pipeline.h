//===- Pipeline.h - The passes applied to every stencil region --*- C++ -*-===//
#ifndef TILEC_DRIVER_PIPELINE_H
#define TILEC_DRIVER_PIPELINE_H

#include "ir/LoweredRegion.h"
#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"
#include "target/TargetTraits.h"
#include "transforms/SpatialBlocking.h"
#include "tuning/EvolutionSearch.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>

namespace tilec {

/// Called after each pass with its name and the IR, for --dump-ir-after-all.
using PassObserver =
    std::function<void(const std::string &Pass, const ir::StencilRegion &)>;

struct PipelineOptions {
  /// --params=W,H,D,T: the blocked mapping with this vector. Absent: the
  /// parameter search (tuning/EvolutionSearch) chooses the mapping, naive
  /// or blocked, from the device profile.
  std::optional<ParameterVector> Params;
  /// --params=naive: the naive mapping, without a search.
  bool ForceNaive = false;
  /// --explain: receives, per region, why its mapping was chosen and the
  /// predicted run time.
  std::function<void(const std::string &)> Explain;
  /// Local memory a work group may use, in bytes.
  LocalMemoryLimits LocalMemory;
  /// What the kernel-shape rules need of the target language.
  TargetTraits Target;
};

/// The limits of kernels for `Device`: the static limit, and for the
/// single-stage streaming kernel, where the target sizes local memory at
/// launch (`DynamicShared`: CUDA), the profile's local_memory_bytes, the
/// most one block may opt in to.
LocalMemoryLimits localMemoryLimits(const DeviceProfile &Device,
                                    bool DynamicShared);

/// The search's limits on local memory and registers: those of `Options`.
SelectionOptions selectionOptions(const PipelineOptions &Options);

/// Spatial then temporal blocking with `PV`.
llvm::Error applyBlocking(ir::StencilRegion &Region,
                          const DeviceProfile &Device,
                          const ParameterVector &PV,
                          const LocalMemoryLimits &Limits,
                          const PassObserver &Observe);

/// Maps `Region` (in place) and lowers it for the target: the regions the
/// back end prints it from (transforms/DeviceLowering.h).
llvm::Expected<ir::LoweredRegion>
runStencilPipeline(ir::StencilRegion &Region, const DeviceProfile &Device,
                   const PipelineOptions &Options, const PassObserver &Observe);

} // namespace tilec

#endif
