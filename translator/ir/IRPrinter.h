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

namespace tilec::ir {

std::string printRegion(const StencilRegion &Region);

} // namespace tilec::ir

#endif
