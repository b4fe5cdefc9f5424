//===- CopyElimination.h - Replace the copy nest by buffer swaps -*- C++
//-*-===//
#ifndef TILEC_TRANSFORMS_COPYELIMINATION_H
#define TILEC_TRANSFORMS_COPYELIMINATION_H

#include "ir/StencilIR.h"

namespace tilec {

/// Decides how the copy nest runs: by exchanging the device buffers of each
/// (source, destination) pair after every step when that leaves the same
/// values as copying, else as a kernel. Records the reason in the IR.
void eliminateCopy(ir::StencilRegion &Region);

} // namespace tilec

#endif
