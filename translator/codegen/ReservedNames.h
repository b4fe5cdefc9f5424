//===- ReservedNames.h - C identifiers valid in device code ---*- C++ -*-===//
//
// The user's C may name an array `new`, a coefficient `half` or a loop
// variable `local`: valid C, but reserved in C++ (which nvcc compiles the
// CUDA kernels and host functions as) or in OpenCL C. Device code is
// printed from a copy of the region whose reserved names are changed; the
// user's file keeps the names as written.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_RESERVEDNAMES_H
#define TILEC_CODEGEN_RESERVEDNAMES_H

#include "ir/StencilIR.h"

#include <set>
#include <string>

namespace tilec {

/// Words of C++ (and CUDA's built-in variables) that C programs may use as
/// identifiers.
const std::set<std::string> &cppReservedWords();
/// Words of OpenCL C 1.2 that C programs may use as identifiers.
const std::set<std::string> &openclReservedWords();

/// A copy of `Region` in which every field, scalar, local, loop and
/// reduction variable named by a word in `Reserved` gets `_` appended until
/// the name is neither reserved nor used by another name of the region.
ir::StencilRegion withSafeNames(const ir::StencilRegion &Region,
                                const std::set<std::string> &Reserved);

} // namespace tilec

#endif
