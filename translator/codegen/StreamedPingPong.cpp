//===- StreamedPingPong.cpp - The streaming kernel of a ping-pong pair ----===//
//
// A ping-pong pair's sweeps alternate between two arrays with their own
// boundaries (transforms/PingPong.h): outside the calc range, odd sweeps of
// a launch show the other array's boundary, and only groups that reach
// there need to read it.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <cctype>

namespace tilec {

using namespace ir;

std::string StreamedKernel::edgeCondition(const StreamNames &N, int64_t Start,
                                          int64_t End) const {
  const Mapping &M = R.Map;
  const Axis &Z = R.Axes[0];
  int64_t Lag = M.HaloPlus[0] + 1;
  std::string Out = N.First + " - " +
                    std::to_string(Start + Lag * M.TimeBlock) + " < " +
                    std::to_string(Z.Lower) + " || " + N.Last + " + " +
                    std::to_string(End) + " > " + std::to_string(Z.Upper);
  for (unsigned A = 1; A < R.dims(); ++A) {
    std::string Origin = "(int)" + D.groupId(R.dims() - 1 - A) + " * " +
                         std::to_string(M.streamOwned(A));
    if (M.StreamStart[A] > 0)
      Origin += " + " + std::to_string(M.StreamStart[A]);
    else if (M.StreamStart[A] < 0)
      Origin += " - " + std::to_string(-M.StreamStart[A]);
    Out += " || " + Origin + " < " + std::to_string(R.Axes[A].Lower) + " || " +
           Origin + " + " + std::to_string(M.WorkGroup[A]) + " > " +
           std::to_string(R.Axes[A].Upper);
  }
  return Out;
}

void StreamedKernel::emitPingPongBoundary(CodeWriter &W, const StreamNames &N,
                                          const std::string &Level,
                                          const std::string &Below,
                                          const std::string &Centre) {
  const CopyAssignment &Pair = R.Copy.Assignments.front();
  unsigned Source = Pair.TargetField;
  std::string Passed = N.Window.at(Source) + "[" + Below + "]" + Centre;
  std::string Inside = insideGrid();
  std::array<int64_t, MaxAxes> Zero{};
  bool Numeric = std::isdigit(static_cast<unsigned char>(Level[0]));
  std::string Odd =
      Numeric ? (std::stoi(Level) % 2 ? "1" : "0") : "(" + Level + ") % 2";
  std::string Boundary = "!(" + Inside + ") ? 0 : " + Odd + " ? " +
                         pointAccess(pingPongBoundaryField().Name) + " : " +
                         printAccess(R, Source, {}, Zero);
  std::string Value = Boundary;
  if (R.Map.TimeBlock > 1 && Level != "1")
    Value = Level + " > " + N.Steps + " ? " + Passed + " : (" + Boundary + ")";
  W.line(N.Value.at(Source) + "[" + Level + "] = " + Value + ";");
}

} // namespace tilec
