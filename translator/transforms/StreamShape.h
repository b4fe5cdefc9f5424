//===- StreamShape.h - The streaming kernel's form, decided ----*- C++ -*-===//
//
// The last mapping pass: for every single-stage streaming mapping of a
// region (its own, its variants', its stages', its same-boundary kernel's),
// the kernel's form beyond the vector (ir::StreamShape), from the rules of
// rules/StreamShapeRules.h applied to the view the back end will print.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TRANSFORMS_STREAMSHAPE_H
#define TILEC_TRANSFORMS_STREAMSHAPE_H

#include "ir/StencilIR.h"
#include "target/TargetTraits.h"

namespace tilec {

void decideStreamShapes(ir::StencilRegion &Region, const TargetTraits &Target);

} // namespace tilec

#endif
