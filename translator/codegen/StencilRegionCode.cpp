//===- StencilRegionCode.cpp - All of a stencil region's code ------------===//
#include "codegen/StencilRegionCode.h"

#include "codegen/CallSite.h"
#include "codegen/RegionInterface.h"
#include "codegen/SlabHost.h"

namespace tilec {

RegionCode emitStencilRegionCode(const ir::LoweredRegion &Lowered,
                                 const KernelDialect &Kernels,
                                 const HostDialect &Host,
                                 const std::string &Where, bool Prototypes) {
  RegionCode Code;
  for (const ir::KernelView &View : Lowered.Kernels)
    Code.DeviceCode += (Code.DeviceCode.empty() ? "" : "\n") +
                       emitKernels(View.Region, Kernels);
  // The slab's structs and host functions, and the region's functions
  // over the slabs.
  Code.Interface = emitSlabRegionStructs(Lowered.Device, Lowered.Slab, Host);
  Code.HostFunctions =
      emitSlabHostFunctions(Lowered.Device, Lowered.Slab, Host);
  // The call site and prototypes name the region's own functions.
  if (Prototypes)
    Code.Interface += "\n" + hostFunctionPrototypes(Lowered.Device);
  Code.CallSite = emitCallSite(Lowered.Source, Lowered.Device, Where);
  return Code;
}

} // namespace tilec
