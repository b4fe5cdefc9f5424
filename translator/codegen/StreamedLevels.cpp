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
#include <functional>

namespace tilec {

using namespace ir;

std::string StreamedKernel::levelMinus(const std::string &Level, int K) {
  if (!Level.empty() && std::isdigit(static_cast<unsigned char>(Level[0])))
    return std::to_string(std::stoi(Level) - K);
  return Level + " - " + std::to_string(K);
}

std::optional<int64_t>
StreamedKernel::levelShift(const std::string &Level) const {
  if (Level.empty() || !std::isdigit(static_cast<unsigned char>(Level[0])))
    return std::nullopt;
  return -levelLag() * std::stoll(Level);
}

unsigned StreamedKernel::streamedSourceOf(unsigned Field) const {
  for (const CopyAssignment &C : R.Copy.Assignments)
    if (C.ValueField == Field)
      return C.TargetField;
  return Field;
}

ExprPrintOptions
StreamedKernel::levelPrintOptions(const StreamNames &N,
                                  const std::string &Level, bool First,
                                  bool Final, const std::string &Result) const {
  ExprPrintOptions Print = printOptions();
  Print.FieldAccess = [this, &N, Level, First, Final,
                       Result](const Expr &E) -> std::string {
    return levelAccessText(N, E, Level, First, Final, Result);
  };
  return Print;
}

StreamedKernel::LevelAccess StreamedKernel::levelAccess(const StreamNames &N,
                                                        const Expr &E,
                                                        bool First, bool Final,
                                                        bool Selected) const {
  unsigned F = E.FieldIndex;
  if (!N.Window.count(F)) {
    if (Selected)
      return LevelAccess::Result;
    // A write of a destination: the next value of its source.
    unsigned Source = streamedSourceOf(F);
    if (Final || Source == F || !N.Value.count(Source))
      return LevelAccess::Global;
    return LevelAccess::SourceValue;
  }
  for (unsigned A = 1; A < R.dims(); ++A)
    if (E.Offsets[A] != 0)
      return First ? LevelAccess::Input : LevelAccess::Ring;
  return LevelAccess::Column;
}

std::string StreamedKernel::levelAccessText(const StreamNames &N, const Expr &E,
                                            const std::string &Level,
                                            bool First, bool Final,
                                            const std::string &Result) const {
  const Mapping &M = R.Map;
  unsigned F = E.FieldIndex;
  // Global memory: as kernels index it (an empty text prints the access
  // so), or from the loop's row.
  std::optional<int64_t> Shift = levelShift(Level);
  std::string Below = First ? "0" : levelMinus(Level, 1);
  switch (levelAccess(N, E, First, Final, !Result.empty())) {
  case LevelAccess::Result:
    return Result;
  case LevelAccess::Global:
    return globalAccess(N, F, E.Offsets, Shift);
  case LevelAccess::SourceValue:
    return N.Value.at(streamedSourceOf(F)) + "[" + Level + "]";
  case LevelAccess::Column:
    // Chained levels: the level below's newest row is its value of this
    // trip.
    if (M.ChainedLevels && E.Offsets[0] == M.HaloPlus[0])
      return N.Value.at(F) + "[" + Below + "]";
    return N.Window.at(F) + "[" + Below + "][" +
           std::to_string(M.HaloMinus[0] + E.Offsets[0]) + "]";
  case LevelAccess::Input: {
    std::string Elsewhere = globalAccess(N, F, E.Offsets, Shift);
    std::string Own = ownNeighbour(
        N, F, Below, E.Offsets,
        Elsewhere.empty() ? printAccess(R, F, E.Components, E.Offsets)
                          : Elsewhere);
    return Own.empty() ? Elsewhere : Own;
  }
  case LevelAccess::Ring:
    break;
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
}

StreamedKernel::AxisSet StreamedKernel::updateNames(const StreamNames &N,
                                                    const std::string &Level,
                                                    bool First, bool Final,
                                                    bool Selected) const {
  AxisSet Names;
  std::function<void(const Expr &)> Visit = [&](const Expr &E) {
    if (E.ExprKind == Expr::AxisIndex)
      Names.set(E.AxisNumber);
    if (E.ExprKind == Expr::FieldAccess) {
      // Registers, the ring and the cursors name no loop variable; global
      // memory read where a point's registers do not hold the value is
      // named either way.
      LevelAccess Access = levelAccess(N, E, First, Final, Selected);
      if (Access == LevelAccess::Global || Access == LevelAccess::Input)
        Names |= globalAccessNames(N, E.FieldIndex, levelShift(Level));
      return;
    }
    for (const ExprPtr &Operand : E.Operands)
      if (Operand)
        Visit(*Operand);
  };
  for (const Statement &S : R.Update) {
    Visit(*S.Target);
    if (S.Value)
      Visit(*S.Value);
  }
  return Names;
}

void StreamedKernel::emitLevel(CodeWriter &W, const StreamNames &N,
                               const std::string &Level, bool First, bool Final,
                               bool Boundary) const {
  const Axis &Z = R.Axes[0];
  int64_t Lag = levelLag();
  bool Numeric = std::isdigit(static_cast<unsigned char>(Level[0]));
  std::string Lagged = Numeric    ? std::to_string(Lag * std::stoi(Level))
                       : Lag == 1 ? Level
                                  : std::to_string(Lag) + " * " + Level;
  // The level's row, where the level refers to it: in the interior copy
  // the levels past the first read only registers and the ring.
  if (levelNames(N, Level, First, Final, Boundary).test(0))
    W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
           N.Row + " - " + Lagged + ";");
  emitLevelBody(W, N, Level, First, Final, Boundary);
}

StreamedKernel::AxisSet StreamedKernel::levelNames(const StreamNames &N,
                                                   const std::string &Level,
                                                   bool First, bool Final,
                                                   bool Boundary) const {
  // Part by part as emitLevelBody prints them; declarePerStepValues names
  // no loop variable.
  const Mapping &M = R.Map;
  // emitLevelBody's Cond is empty only in the interior copy.
  bool Tested = Copy != LoopCopy::Interior;
  bool PingPongEdge = R.PingPong && Boundary;
  std::optional<int64_t> Shift = levelShift(Level);
  std::optional<unsigned> Written = selectedField();
  bool Selected = Written && !First;
  AxisSet Names = updateNames(N, Level, First, Final, Selected);
  if (Final) {
    // The ownership test, then the store of a selected value or, in a
    // launch of fewer steps, of what the last step left (the kept values
    // are registers).
    Names |= ownedPointNames();
    if (Selected)
      Names |= globalAccessNames(N, *Written, Shift);
    else if (M.TimeBlock > 1 && Copy != LoopCopy::Interior)
      for (const CopyAssignment &C : R.Copy.Assignments)
        Names |= globalAccessNames(N, C.ValueField, Shift);
    return Names;
  }
  if (!Tested)
    return Names;
  // The range test, the value kept outside the range (the level below's
  // registers, or a prefetched boundary) and the boundary read where used.
  Names |= inCalcRangeOfColumnNames();
  if (PingPongEdge && prefetchesBoundary())
    Names |= pingPongBoundaryValueNames();
  if (PingPongEdge && !prefetchesBoundary())
    Names |= pingPongBoundaryFixNames();
  return Names;
}

void StreamedKernel::emitLevelBody(CodeWriter &W, const StreamNames &N,
                                   const std::string &Level, bool First,
                                   bool Final, bool Boundary) const {
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
                                       unsigned Written, bool Boundary) const {
  const Mapping &M = R.Map;
  unsigned Source = M.TiledFields.front();
  std::string Type = elementTypeName(R.Fields[Written].Type);
  ExprPrintOptions Print = levelPrintOptions(N, Level, false, Final, N.Result);
  // One statement, the write of the field (selectedField() writes it with
  // `=`, and it prints as the local): declare the value where it is
  // computed.
  bool One = R.Update.size() == 1 &&
             R.Update.front().Target->ExprKind == Expr::FieldAccess &&
             R.Update.front().Value && !R.Update.front().DeclaredType;
  if (One) {
    W.line("const " + Type + " " + printStatement(R, R.Update.front(), Print));
  } else {
    W.line(Type + " " + N.Result + ";");
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, Print));
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
