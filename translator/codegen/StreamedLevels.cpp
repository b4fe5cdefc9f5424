//===- StreamedLevels.cpp - One level (step) of a streaming kernel --------===//
//
// The arithmetic of one level of StreamedKernel: how its update reads the
// level below (registers, the ring in local memory, global memory for the
// input) and where it writes, and the test that keeps the level below's
// value outside the calc range or past the launch's step count.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <cctype>

namespace tilec {

using namespace ir;

std::string StreamedKernel::levelMinus(const std::string &Level, int K) {
  if (!Level.empty() && std::isdigit(static_cast<unsigned char>(Level[0])))
    return std::to_string(std::stoi(Level) - K);
  return Level + " - " + std::to_string(K);
}

ExprPrintOptions
StreamedKernel::levelPrintOptions(const StreamNames &N,
                                  const std::string &Level, bool First,
                                  bool Final, const std::string &Result) const {
  const Mapping &M = R.Map;
  ExprPrintOptions Print = printOptions();
  Print.FieldAccess = [this, &N, &M, Level, First, Final,
                       Result](const Expr &E) -> std::string {
    unsigned F = E.FieldIndex;
    bool Tiled = N.Window.count(F);
    if (!Tiled && !Result.empty())
      return Result;
    // Global memory: as kernels index it, or from the loop's row.
    std::optional<int64_t> Shift = levelShift(Level);
    auto Global = [&]() -> std::string {
      if (rebased() && Shift)
        return rowAccess(N, F, E.Offsets, *Shift);
      return N.Flat.count(F) ? columnAccess(N, F, E.Offsets) : "";
    };
    if (!Tiled) {
      // A write of a destination: the next value of its source.
      unsigned Source = streamedSourceOf(F);
      if (Final || Source == F || !N.Value.count(Source))
        return Global();
      return N.Value.at(Source) + "[" + Level + "]";
    }
    bool Inner = false;
    for (unsigned A = 1; A < R.dims(); ++A)
      Inner |= E.Offsets[A] != 0;
    std::string Below = First ? "0" : levelMinus(Level, 1);
    // Chained levels: the level below's newest row is its value of this
    // trip.
    if (!Inner && M.ChainedLevels && E.Offsets[0] == M.HaloPlus[0])
      return N.Value.at(F) + "[" + Below + "]";
    if (!Inner)
      return N.Window.at(F) + "[" + Below + "][" +
             std::to_string(M.HaloMinus[0] + E.Offsets[0]) + "]";
    if (First) {
      // An empty text prints the access as the kernel indexes it.
      std::string Elsewhere = Global();
      std::string Own = ownNeighbour(
          N, F, Below, E.Offsets,
          Elsewhere.empty() ? printAccess(R, F, E.Components, E.Offsets)
                            : Elsewhere);
      return Own.empty() ? Elsewhere : Own;
    }
    // Row p + dz of the level below was written dz - hp - 1 iterations
    // after this iteration's row (see emitStreamedCalc).
    // The slot is unsigned, so the remainder needs no sign fix-up; the
    // cast keeps the ring index signed for the distances added to it.
    // Chained levels read only the row itself (dz = 0), written in the
    // trip before, in the other of the two slots.
    int64_t Back = M.Tile[0] - 1 - M.HaloPlus[0] + E.Offsets[0];
    std::string Slot = M.ChainedLevels
                           ? "1 - " + N.Slot
                           : "(int)((" + N.Slot + " + " + std::to_string(Back) +
                                 ") % " + std::to_string(M.Tile[0]) + ")";
    std::string Ring = ringCell(N, F, levelMinus(Level, 2), Slot, E.Offsets);
    std::string Own = ownNeighbour(N, F, Below, E.Offsets, Ring);
    return Own.empty() ? Ring : Own;
  };
  return Print;
}

std::string StreamedKernel::ownedPoint(const StreamNames &N) const {
  const Axis &Z = R.Axes[0];
  std::string Owned = Z.LoopVariable + " >= " + N.First + " && " +
                      Z.LoopVariable + " < " + N.Last;
  if (Copy == LoopCopy::Interior)
    return Owned + ownedColumn(N);
  if (Copy == LoopCopy::ColumnsInRange)
    return Owned + " && " + inAxisRange(0) + ownedColumn(N);
  if (severalPoints())
    return Owned + " && " + inAxisRange(0) + " && " +
           columnIs(N, ColumnPlace::Owned);
  return Owned + ownedColumn(N) + " && " + inCalcRangeOfColumn(N);
}

void StreamedKernel::emitLevel(CodeWriter &W, const StreamNames &N,
                               const std::string &Level, bool First, bool Final,
                               bool Boundary) {
  const Axis &Z = R.Axes[0];
  int64_t Lag = levelLag();
  bool Numeric = std::isdigit(static_cast<unsigned char>(Level[0]));
  std::string Lagged = Numeric    ? std::to_string(Lag * std::stoi(Level))
                       : Lag == 1 ? Level
                                  : std::to_string(Lag) + " * " + Level;
  // The level's row, where the level refers to it: in the interior copy
  // the levels past the first read only registers and the ring.
  CodeWriter Body(W.level());
  emitLevelBody(Body, N, Level, First, Final, Boundary);
  if (usesIdentifier(Body.str(), Z.LoopVariable))
    W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
           N.Row + " - " + Lagged + ";");
  W.append(Body.str());
}

void StreamedKernel::emitLevelBody(CodeWriter &W, const StreamNames &N,
                                   const std::string &Level, bool First,
                                   bool Final, bool Boundary) {
  const Mapping &M = R.Map;
  declarePerStepValues(W, levelMinus(Level, 1));
  // Empty in the interior copy: every point is updated.
  std::string Cond = inCalcRangeOfColumn(N);
  if (M.TimeBlock > 1 && Level != "1" && !Cond.empty())
    Cond = Level + " <= " + N.Steps + " && " + Cond;
  bool AllSteps = Copy == LoopCopy::Interior;
  std::string Below = First ? "0" : levelMinus(Level, 1);
  std::string Centre = "[" + std::to_string(M.HaloMinus[0]) + "]";
  if (std::optional<unsigned> Written = selectedField(); Written && !First) {
    emitSelectedLevel(W, N, Level, Final, Cond, Below, Centre, *Written,
                      Boundary);
    return;
  }
  if (Final) {
    W.open("if (" + ownedPoint(N) + ")");
    if (M.TimeBlock > 1 && !AllSteps)
      W.open("if (" + Level + " <= " + N.Steps + ")");
  } else if (!Cond.empty()) {
    W.open("if (" + Cond + ")");
  }
  for (const Statement &S : R.Update)
    W.line(printStatement(R, S, levelPrintOptions(N, Level, First, Final)));
  if (!Final && Cond.empty())
    return;
  if (Final && M.TimeBlock > 1 && !AllSteps) {
    // A launch that does fewer steps stores what the last one left.
    W.closeOpen("else");
    std::optional<int64_t> Shift = levelShift(Level);
    for (const CopyAssignment &C : R.Copy.Assignments)
      W.line(globalPointAccess(N, C.ValueField, Shift) + " = " +
             N.Window.at(C.TargetField) + "[" + Below + "]" + Centre + ";");
    W.close();
  }
  bool PingPongEdge = R.PingPong && Boundary;
  if (!Final) {
    W.closeOpen("else");
    if (PingPongEdge && prefetchesBoundary())
      emitPingPongBoundary(W, N, Level, Below, Centre);
    else
      for (unsigned F : M.TiledFields)
        W.line(N.Value.at(F) + "[" + Level + "] = " + N.Window.at(F) + "[" +
               Below + "]" + Centre + ";");
  }
  W.close();
  if (!Final && PingPongEdge && !prefetchesBoundary())
    emitPingPongBoundaryFix(W, N, Level);
}

void StreamedKernel::emitSelectedLevel(CodeWriter &W, const StreamNames &N,
                                       const std::string &Level, bool Final,
                                       const std::string &Cond,
                                       const std::string &Below,
                                       const std::string &Centre,
                                       unsigned Written, bool Boundary) {
  const Mapping &M = R.Map;
  unsigned Source = M.TiledFields.front();
  std::string Type = elementTypeName(R.Fields[Written].Type);
  std::vector<std::string> Lines;
  for (const Statement &S : R.Update)
    Lines.push_back(printStatement(
        R, S, levelPrintOptions(N, Level, false, Final, N.Result)));
  // One statement: declare the value where it is computed.
  if (Lines.size() == 1 && Lines.front().rfind(N.Result + " = ", 0) == 0) {
    W.line("const " + Type + " " + Lines.front());
  } else {
    W.line(Type + " " + N.Result + ";");
    for (const std::string &Line : Lines)
      W.line(Line);
  }
  std::string Kept = N.Window.at(Source) + "[" + Below + "]" + Centre;
  bool Prefetched = R.PingPong && Boundary && prefetchesBoundary();
  if (!Final && Prefetched)
    Kept = "(" + pingPongBoundaryValue(N, Level, Below, Centre) + ")";
  if (!Final && Cond.empty()) {
    W.line(N.Value.at(Source) + "[" + Level + "] = " + N.Result + ";");
    return;
  }
  if (!Final) {
    W.line(N.Value.at(Source) + "[" + Level + "] = " + Cond + " ? " + N.Result +
           " : " + Kept + ";");
    if (R.PingPong && Boundary && !Prefetched)
      emitPingPongBoundaryFix(W, N, Level);
    return;
  }
  // A launch that does fewer steps stores what the last one left.
  std::optional<int64_t> Shift = levelShift(Level);
  std::string Stored =
      Copy == LoopCopy::Interior
          ? N.Result
          : Level + " <= " + N.Steps + " ? " + N.Result + " : " + Kept;
  W.line("if (" + ownedPoint(N) + ")");
  W.indent().line(globalPointAccess(N, Written, Shift) + " = " + Stored + ";");
  W.dedent();
}

} // namespace tilec
