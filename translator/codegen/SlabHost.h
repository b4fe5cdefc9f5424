//===- SlabHost.h - A region's host functions over slabs ----*- C++ -*-===//
//
// Every stencil region is cut into slabs: it gets the slab view's
// struct and host functions (SlabView.h) and, under the region's own names
// and signatures, functions that run them on every slab and exchange halo
// rows between neighbouring slabs.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_SLABHOST_H
#define TILEC_CODEGEN_SLABHOST_H

#include "codegen/HostEmitter.h"

namespace tilec {

/// The slab view's struct, then the region's: the slabs and their rows.
/// `Slab` is `Region`'s slab view (the device lowering's).
std::string emitSlabRegionStructs(const ir::StencilRegion &Region,
                                  const ir::StencilRegion &Slab,
                                  const HostDialect &Dialect);

/// The slab view's host functions, then the region's over the slabs.
std::string emitSlabHostFunctions(const ir::StencilRegion &Region,
                                  const ir::StencilRegion &Slab,
                                  const HostDialect &Dialect);

} // namespace tilec

#endif
