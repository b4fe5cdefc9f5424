//===- SafeNames.h - Names valid in device code ----------------*- C++ -*-===//
//
// A pass of the device lowering: device code is printed from a copy of the
// region whose names the target reserves (target/ReservedWords.h) are
// changed; the user's file keeps the names as written.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TRANSFORMS_SAFENAMES_H
#define TILEC_TRANSFORMS_SAFENAMES_H

#include "ir/StencilIR.h"

#include <set>
#include <string>

namespace tilec {

/// A copy of `Region` in which every field, scalar, local, loop and
/// reduction variable named by a word in `Reserved` gets `_` appended until
/// the name is neither reserved nor used by another name of the region.
ir::StencilRegion withSafeNames(const ir::StencilRegion &Region,
                                const std::set<std::string> &Reserved);

} // namespace tilec

#endif
