//===- ParameterVector.h - The stencil parameter vector (W,H,D,T) -*- C++
//-*-===//
//
// PV = (W, H, D, T): the work-group (and block) extent along x, y and z, and
// the number of time steps fused per launch. `--params` reads it and
// `--dump-params` prints it in the same syntax.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_PARAMETERVECTOR_H
#define TILEC_TUNING_PARAMETERVECTOR_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace tilec {

struct ParameterVector {
  int64_t W = 1, H = 1, D = 1, T = 1;

  std::string str() const;
  bool operator==(const ParameterVector &O) const {
    return W == O.W && H == O.H && D == O.D && T == O.T;
  }
};

/// Parses "W,H,D,T" (four positive integers; W, H and D powers of two).
llvm::Expected<ParameterVector> parseParameterVector(llvm::StringRef Text);

} // namespace tilec

#endif
