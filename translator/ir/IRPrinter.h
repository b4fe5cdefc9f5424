//===- IRPrinter.h - Stable text form of the stencil IR ---------*- C++ -*-===//
//
// `tilec --dump-ir` prints this; lit tests check it, so keep it stable: one
// fact per line, fixed keywords, no addresses or pointers.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_IRPRINTER_H
#define TILEC_IR_IRPRINTER_H

#include "ir/StencilIR.h"

#include <string>
#include <vector>

namespace tilec::ir {

std::string printRegion(const StencilRegion &Region);

/// The streaming kernel's form in words, one phrase per decision (register
/// cap, rows per trip, indexing, copies of the row loop, ...): what
/// `--dump-ir`, `--explain` and the emitted file's header say of it.
std::vector<std::string> streamShapeFacts(const StencilRegion &Region,
                                          const StreamShape &Shape);
/// Those phrases as one list: "register cap 64, 2 rows per trip, ...".
std::string describeStreamShape(const StencilRegion &Region,
                                const StreamShape &Shape);

} // namespace tilec::ir

#endif
