//===- StencilRegionCode.cpp - All of a stencil region's code ------------===//
#include "codegen/StencilRegionCode.h"

#include "codegen/CallSite.h"
#include "codegen/RegionInterface.h"
#include "codegen/ReservedNames.h"
#include "codegen/SlabHost.h"
#include "ir/SameBoundaryView.h"
#include "ir/SlabView.h"
#include "ir/StageView.h"
#include "ir/VariantView.h"

namespace tilec {

RegionCode emitStencilRegionCode(const ir::StencilRegion &Region,
                                 const KernelDialect &Kernels,
                                 const HostDialect &Host,
                                 const std::set<std::string> &Reserved,
                                 const std::string &Where, bool Prototypes) {
  ir::StencilRegion Device = withSafeNames(Region, Reserved);
  Device.KernelAccess = true;
  RegionCode Code;
  // Every region runs as slabs along its slowest axis, one per device
  // (SlabView.h): the slab view's kernels and host functions, and the
  // region's functions over the slabs.
  ir::StencilRegion Slab = ir::slabView(Device);
  if (Slab.multiStage() && !Slab.Map.fused())
    for (unsigned I = 0; I < Slab.Stages.size(); ++I)
      Code.DeviceCode +=
          (I ? "\n" : "") + emitKernels(ir::stageView(Slab, I), Kernels);
  else if (!Slab.Variants.empty())
    for (unsigned I = 0; I < Slab.Variants.size(); ++I)
      Code.DeviceCode +=
          (I ? "\n" : "") + emitKernels(ir::variantView(Slab, I), Kernels);
  else
    Code.DeviceCode = emitKernels(Slab, Kernels);
  if (pingPongBlocks(Slab))
    Code.DeviceCode += "\n" + emitKernels(ir::sameBoundaryView(Slab), Kernels);
  Code.Interface = emitSlabRegionStructs(Device, Host);
  Code.HostFunctions = emitSlabHostFunctions(Device, Host);
  // The call site and prototypes name the region's own functions.
  if (Prototypes)
    Code.Interface += "\n" + hostFunctionPrototypes(Device);
  Code.CallSite = emitCallSite(Region, Device, Where);
  return Code;
}

} // namespace tilec
