//===- CallSite.h - The C that replaces a stencil region --------*- C++ -*-===//
//
// The call site is the user's time loop, kept in the user's file and in C:
// its header as written (stepped by the temporal block when there is one),
// its host statements in order, and, where the calc and copy nests were,
// calls to the region's host functions (RegionInterface.h). After the loop
// it leaves the host arrays and the loop variables as the serial program
// would.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_CALLSITE_H
#define TILEC_CODEGEN_CALLSITE_H

#include "ir/StencilIR.h"

#include <string>

namespace tilec {

/// The block statement that replaces the region, unindented. `Region` has
/// the user's names; `Device` is its copy with device-safe names, whose
/// functions the call site calls; `Where` says what runs it, for the
/// opening comment (e.g. "CUDA (heat3d_tilec.cu)").
std::string emitCallSite(const ir::StencilRegion &Region,
                         const ir::StencilRegion &Device,
                         const std::string &Where);

} // namespace tilec

#endif
