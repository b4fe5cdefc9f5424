//===- StreamedInterior.cpp - The row loop of interior groups -------------===//
//
// Most groups of a large grid, in every launch but a shorter last one, work
// only on points inside the calc range: their copy of the row loop tests
// nothing per row and level but the rows they own.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <algorithm>

namespace tilec {

using namespace ir;

std::string StreamedKernel::columnsInRange() const {
  const Mapping &M = R.Map;
  std::string Cond;
  for (unsigned A = 1; A < R.dims(); ++A) {
    std::string Origin = groupOrigin(A);
    Cond += (A > 1 ? " && " : "") + Origin + " >= " + calcLower(A) + " && " +
            Origin + " + " + std::to_string(M.streamSpan(A)) +
            " <= " + calcUpper(A);
  }
  return Cond;
}

std::string StreamedKernel::interiorCondition(const StreamNames &N,
                                              int64_t Start,
                                              int64_t End) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  const int64_t Lag = levelLag();
  // The loop's rows run from first - Start to last + End; level l works on
  // the row l lags behind, so the levels cover rows first - Start - T lags
  // up to (not including) last + End - one lag. All of them in the calc
  // range also puts every row the loop loads inside the arrays. Chained
  // levels may take one row more (the loop's trips take two).
  const int64_t Extra = M.ChainedLevels ? 1 : 0;
  std::string Cond;
  if (T > 1)
    Cond = N.Steps + " == " + std::to_string(T) + " && ";
  Cond += N.First + " - " + std::to_string(Start + Lag * T) +
          " >= " + calcLower(0) + " && " +
          plusOffset(N.Last, End - Lag + Extra) + " <= " + calcUpper(0);
  return Cond + " && " + columnsInRange();
}

} // namespace tilec
