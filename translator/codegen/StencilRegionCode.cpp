//===- StencilRegionCode.cpp - All of a stencil region's code ------------===//
#include "codegen/StencilRegionCode.h"

#include "codegen/CallSite.h"
#include "codegen/RegionInterface.h"
#include "codegen/ReservedNames.h"
#include "codegen/SlabHost.h"
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
  if (ir::spreadable(Device)) {
    // Kernels and host functions per slab, and the region's over them.
    Code.DeviceCode = emitKernels(ir::slabView(Device), Kernels);
    Code.Interface = emitSlabRegionStructs(Device, Host);
    Code.HostFunctions = emitSlabHostFunctions(Device, Host);
  } else {
    if (Device.multiStage() && !Device.Map.Fused)
      for (unsigned I = 0; I < Device.Stages.size(); ++I)
        Code.DeviceCode +=
            (I ? "\n" : "") + emitKernels(ir::stageView(Device, I), Kernels);
    else if (!Device.Variants.empty())
      for (unsigned I = 0; I < Device.Variants.size(); ++I)
        Code.DeviceCode +=
            (I ? "\n" : "") + emitKernels(ir::variantView(Device, I), Kernels);
    else
      Code.DeviceCode = emitKernels(Device, Kernels);
    Code.Interface = emitRegionStruct(Device, Host);
    Code.HostFunctions = emitHostFunctions(Device, Host);
  }
  // The call site and prototypes name the region's own functions either way.
  if (Prototypes)
    Code.Interface += "\n" + hostFunctionPrototypes(Device);
  Code.CallSite = emitCallSite(Region, Device, Where);
  return Code;
}

} // namespace tilec
