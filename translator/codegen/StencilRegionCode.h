//===- StencilRegionCode.h - All of a stencil region's code ---*- C++ -*-===//
#ifndef TILEC_CODEGEN_STENCILREGIONCODE_H
#define TILEC_CODEGEN_STENCILREGIONCODE_H

#include "codegen/Backend.h"
#include "codegen/HostEmitter.h"
#include "codegen/KernelEmitter.h"

#include <set>
#include <string>

namespace tilec {

/// Kernels, region struct, host functions and call site of a stencil
/// region. Device code and host functions are printed from a copy of the
/// region whose names avoid `Reserved` (ReservedNames.h); the call site uses
/// the user's names. `Where` names what runs the region, for comments.
/// With `Prototypes`, the interface also declares the host functions (for
/// a call site in another file than the functions).
RegionCode emitStencilRegionCode(const ir::StencilRegion &Region,
                                 const KernelDialect &Kernels,
                                 const HostDialect &Host,
                                 const std::set<std::string> &Reserved,
                                 const std::string &Where, bool Prototypes);

} // namespace tilec

#endif
