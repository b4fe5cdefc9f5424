//===- ApspTileRules.cpp - Blocked Floyd-Warshall kernels' layout -------===//
#include "rules/ApspTileRules.h"

#include <algorithm>

namespace tilec {

using ir::FwParams;

namespace {

bool pathFromSlices(const ir::ApspRegion &R) {
  return R.Path && R.Path->Source != ir::PathSource::Pivot;
}

} // namespace

int64_t fwRegistersPerElement(const ir::ApspRegion &R) {
  return R.elementBytes() / 4 + (R.Path ? 1 : 0);
}

int64_t fwSlicePadding(const ir::ApspRegion &R) {
  return 16 / R.elementBytes();
}

int64_t fwPivotLocalBytes(const ir::ApspRegion &R, const FwParams &P) {
  int64_t D = R.elementBytes(), T = P.Tile;
  int64_t PathBytes = pathFromSlices(R) ? 4 : 0;
  // The pivot tile (panel kernel) and the double-buffered row and column k.
  return T * T * (D + PathBytes) + 2 * 2 * T * (D + PathBytes);
}

int64_t fwPanelProductLocalBytes(const ir::ApspRegion &R, const FwParams &P) {
  return P.Tile * (2 * P.Tile + fwSlicePadding(R)) * R.elementBytes();
}

int64_t fwRestLocalBytes(const ir::ApspRegion &R, const FwParams &P) {
  int64_t D = R.elementBytes(), T = P.Tile, Cols = P.TilesPerBlock * T;
  int64_t Rows = T + fwSlicePadding(R);
  int64_t Bytes = P.KChunk * (Rows + Cols) * D;
  if (R.Path && R.Path->Source == ir::PathSource::RowToPivot)
    Bytes += P.KChunk * Rows * 4;
  if (R.Path && R.Path->Source == ir::PathSource::PivotToColumn)
    Bytes += P.KChunk * Cols * 4;
  if (P.PivotInRest) // Row and column k, double-buffered.
    Bytes += 2 * 2 * T * D;
  return Bytes;
}

int64_t fwRestRegisterCap(const ir::ApspRegion &R, const FwParams &P,
                          int64_t MaxPerThread) {
  if (MaxPerThread <= 0)
    return 0;
  int64_t Accumulators = P.ThreadRows * P.ThreadCols * fwRegistersPerElement(R);
  return std::min<int64_t>(std::max<int64_t>(64, 2 * Accumulators),
                           MaxPerThread);
}

} // namespace tilec
