//===- PingPong.h - Two sweeps per step as one sweep twice ------*- C++ -*-===//
//
// PolyBench's jacobi-1d, jacobi-2d and heat-3d sweep A into B and then B
// into A with the same update in every step. That is one sweep per half
// step with the arrays' roles exchanged: the paper's form with a buffer
// swap, and 2N steps. The region then gets the single-stage mappings
// (streaming and temporal blocking included). What differs from a copy
// nest: A and B keep their own boundaries, so a block of T sweeps takes
// the boundary of each intermediate sweep from the array it belongs to
// (the kernels read the other array's buffer on odd sweeps); a launch of
// an odd number of sweeps ends in the other array's buffer, one of an even
// number in a second buffer of the same array, so that each buffer only
// ever shows its own array's boundary; and the last launch is a single
// sweep, so that B ends one sweep behind A. Where the arrays agree outside
// the calc range, as PolyBench's heat-3d starts them, the boundaries are one
// and the same, and launches run the calc + copy form's kernel instead
// (sameBoundaryView; the call site compares the arrays).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TRANSFORMS_PINGPONG_H
#define TILEC_TRANSFORMS_PINGPONG_H

#include "ir/SameBoundaryView.h"
#include "ir/StencilIR.h"

#include <string>

namespace tilec {

/// Why the stages of `Region` are not a ping-pong pair, or "".
std::string pingPongBlocker(const ir::StencilRegion &Region);

/// Rewrites a ping-pong pair (pingPongBlocker is "") into the single-stage
/// form described above.
void foldPingPong(ir::StencilRegion &Region);

/// The step's pointer rotation (`tmp = a; a = b; b = tmp;` after the calc
/// nest writes b from a; the front end checks that form), or null.
const ir::TimeLoopItem *pointerRotation(const ir::StencilRegion &Region);

/// Rewrites a region whose step is one sweep and a pointer rotation into
/// the same form as a pair with one sweep per step: a into b, then b into
/// a in the next step, each array keeping its own boundary. After the
/// region the call site rotates the pointers once per step modulo two.
void foldPointerRotation(ir::StencilRegion &Region);

} // namespace tilec

#endif
