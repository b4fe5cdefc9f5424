//===- CopyRules.h - When the copy nest can be a buffer swap ----*- C++ -*-===//
//
// The copy elimination pass decides with this rule, and the search reads
// it again for a region without its host statements (tuning/ConstructCost).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_RULES_COPYRULES_H
#define TILEC_RULES_COPYRULES_H

#include "ir/StencilIR.h"

#include <string>

namespace tilec {

/// Why `Region`'s copy nest cannot be a swap of device buffers, or "".
std::string copySwapBlocker(const ir::StencilRegion &Region);

} // namespace tilec

#endif
