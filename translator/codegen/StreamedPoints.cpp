//===- StreamedPoints.cpp - Several points per streaming work item -------===//
//
// The 3D streaming kernel with Mapping::StreamPoints = P > 1: each work item
// computes P adjacent points along y in an unrolled loop, and reads of the
// level below at a y offset inside its points come from that point's
// registers.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <cstdlib>

namespace tilec {

using namespace ir;

void StreamedKernel::openPoints(CodeWriter &W, const StreamNames &N, bool GridY,
                                bool GroupY) const {
  if (!severalPoints())
    return;
  const Mapping &M = R.Map;
  W.line("#pragma unroll");
  W.open("for (int " + N.Point + " = 0; " + N.Point + " < " +
         std::to_string(M.StreamPoints) + "; " + N.Point + "++)");
  if (GroupY)
    W.line("const int " + N.Coord[1] + " = " + N.FirstCoord + " + " + N.Point +
           ";");
  if (GridY)
    W.line("const " + R.Axes[1].LoopVariableType + " " +
           R.Axes[1].LoopVariable + " = " + N.FirstY + " + " + N.Point + ";");
  if (GroupY && usesRingPointers())
    declareRingPointers(W, N);
}

void StreamedKernel::closePoints(CodeWriter &W) const {
  if (severalPoints())
    W.close();
}

void StreamedKernel::emitInPoints(
    CodeWriter &W, const StreamNames &N, bool GridY, bool GroupY,
    const std::function<void(CodeWriter &)> &Body) const {
  openPoints(W, N, GridY, GroupY);
  Body(W);
  closePoints(W);
}

std::string
StreamedKernel::ownNeighbour(const StreamNames &N, unsigned Field,
                             const std::string &Below,
                             const std::array<int64_t, MaxAxes> &Offsets,
                             const std::string &Elsewhere) const {
  const Mapping &M = R.Map;
  int64_t Dy = Offsets[1];
  if (!severalPoints() || Offsets[2] != 0 || Dy == 0 ||
      std::abs(Dy) >= M.StreamPoints)
    return "";
  // Point p + dy's registers hold the level below at the same rows.
  std::string Neighbour =
      N.Point + (Dy < 0 ? " - " : " + ") + std::to_string(std::abs(Dy));
  std::string Mine =
      Dy < 0 ? N.Point + " >= " + std::to_string(-Dy)
             : N.Point + " < " + std::to_string(M.StreamPoints - Dy);
  return "(" + Mine + " ? " + N.WindowArray.at(Field) + "[" + Neighbour + "][" +
         Below + "][" + std::to_string(M.HaloMinus[0] + Offsets[0]) +
         "] : " + Elsewhere + ")";
}

} // namespace tilec
