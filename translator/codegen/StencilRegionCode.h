//===- StencilRegionCode.h - All of a stencil region's code ---*- C++ -*-===//
#ifndef TILEC_CODEGEN_STENCILREGIONCODE_H
#define TILEC_CODEGEN_STENCILREGIONCODE_H

#include "codegen/Backend.h"
#include "codegen/HostEmitter.h"
#include "codegen/KernelEmitter.h"

#include <set>
#include <string>

namespace tilec {

/// Kernels, region struct, host functions and call site of a lowered
/// stencil region (ir/LoweredRegion.h): each set of kernels from its view,
/// the host functions from the device region and its slab, the call site
/// from the user's region. `Where` names what runs the region, for
/// comments. With `Prototypes`, the interface also declares the host
/// functions (for a call site in another file than the functions).
RegionCode emitStencilRegionCode(const ir::LoweredRegion &Lowered,
                                 const KernelDialect &Kernels,
                                 const HostDialect &Host,
                                 const std::string &Where, bool Prototypes);

} // namespace tilec

#endif
