//===- ParameterVector.h - The stencil parameter vector (W,H,D,T) -*- C++
//-*-===//
//
// PV = (W, H, D, T): the work-group (and block) extent along x, y and z, and
// the number of time steps fused per launch; optionally P, the adjacent
// points along y that each work item of a streaming 3D group computes (the
// block is then W x H*P); and optionally C, the rows (planes) each streaming
// group walks along the streamed axis, by default 16 T rounded up to a power
// of two. `--params` reads it and `--dump-params` prints it in the same
// syntax.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TARGET_PARAMETERVECTOR_H
#define TILEC_TARGET_PARAMETERVECTOR_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace tilec {

struct ParameterVector {
  int64_t W = 1, H = 1, D = 1, T = 1;
  int64_t P = 1; ///< Points per work item along y (streaming 3D only).
  /// Rows (planes) per streaming chunk along the streamed axis; 0: the
  /// default for T (streamChunk).
  int64_t C = 0;

  /// "W,H,D,T", with ",P" when P > 1, and ",P,C" when C is given.
  std::string str() const;
  bool operator==(const ParameterVector &O) const {
    return W == O.W && H == O.H && D == O.D && T == O.T && P == O.P && C == O.C;
  }
};

/// Parses "W,H,D,T", "W,H,D,T,P" or "W,H,D,T,P,C" (positive integers; W,
/// H, D and P powers of two).
llvm::Expected<ParameterVector> parseParameterVector(llvm::StringRef Text);

} // namespace tilec

#endif
