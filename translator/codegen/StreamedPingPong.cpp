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
#include <cstdlib>

namespace tilec {

using namespace ir;

std::string StreamedKernel::edgeCondition(const StreamNames &N, int64_t Start,
                                          int64_t End) const {
  const Mapping &M = R.Map;
  const Axis &Z = R.Axes[0];
  int64_t Lag = levelLag();
  std::string Out = N.First + " - " +
                    std::to_string(Start + Lag * M.TimeBlock) + " < " +
                    std::to_string(Z.Lower) + " || " + N.Last + " + " +
                    std::to_string(End) + " > " + R.envelopeUpper(0);
  for (unsigned A = 1; A < R.dims(); ++A) {
    std::string Origin = "(int)" + D.groupId(R.dims() - 1 - A) + " * " +
                         std::to_string(M.streamOwned(A));
    if (M.StreamStart[A] > 0)
      Origin += " + " + std::to_string(M.StreamStart[A]);
    else if (M.StreamStart[A] < 0)
      Origin += " - " + std::to_string(-M.StreamStart[A]);
    Out += " || " + Origin + " < " + std::to_string(R.Axes[A].Lower) + " || " +
           Origin + " + " + std::to_string(M.streamSpan(A)) + " > " +
           R.envelopeUpper(A);
  }
  return Out;
}

void StreamedKernel::declareBoundaryCursor(CodeWriter &W,
                                           const StreamNames &N) const {
  W.line(D.globalSpace() + "const char *" + N.BoundaryCursor + " = (" +
         D.globalSpace() + "const char *)(" + pingPongBoundaryField().Name +
         " + " + cursorOffset(N, sweepSource()) + ");");
}

void StreamedKernel::advanceBoundaryCursor(CodeWriter &W,
                                           const StreamNames &N) const {
  unsigned Source = sweepSource();
  W.line(N.BoundaryCursor +
         " += " + N.RowBytes.at(elementTypeName(R.Fields[Source].Type)) + ";");
}

/// The boundary value that level `Level` shows at the point of loop
/// variables already declared: zero outside the grid and where the level
/// updates the point (there it is not used), else the input's on even
/// levels and the other array's buffer on odd ones.
std::string StreamedKernel::boundaryValue(const std::string &Level) const {
  return "!(" + insideGrid() + ") ? 0 : " + sweepBoundaryLoad(Level);
}

void StreamedKernel::emitBoundaryPrefetch(CodeWriter &W, const StreamNames &N,
                                          const std::string &Row,
                                          bool Declare) const {
  const Mapping &M = R.Map;
  const Axis &Z = R.Axes[0];
  std::string Type = elementTypeName(R.Fields[sweepSource()].Type);
  std::string Levels = std::to_string(M.TimeBlock);
  if (Declare) {
    W.line("/* Each level's boundary value, loaded a row ahead. */");
    W.line(Type + " " + N.Boundary + "[" + Levels + "], " + N.BoundaryNext +
           "[" + Levels + "];");
  }
  int64_t Lag = levelLag();
  W.line("#pragma unroll");
  W.open("for (int " + N.Level + " = 1; " + N.Level + " < " + Levels + "; " +
         N.Level + "++)");
  if (!Declare)
    W.line(N.Boundary + "[" + N.Level + "] = " + N.BoundaryNext + "[" +
           N.Level + "];");
  W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " + Row +
         " - " + (Lag == 1 ? N.Level : std::to_string(Lag) + " * " + N.Level) +
         ";");
  W.line(N.BoundaryNext + "[" + N.Level + "] = " + inCalcRange() +
         " ? 0 : " + boundaryValue(N.Level) + ";");
  W.close();
}

std::string StreamedKernel::levelPointAccess(const StreamNames &N,
                                             const std::string &Cursor,
                                             const std::string &Type,
                                             const std::string &Level,
                                             int64_t CursorShift) const {
  std::string Pointer = "(" + D.globalSpace() + "const " + Type + " *)";
  const std::string &Bytes = N.RowBytes.at(Type);
  int64_t Lag = levelLag();
  // Rows back from the cursor: Lag * Level + CursorShift.
  if (std::optional<int64_t> Shift = levelShift(Level)) {
    int64_t Back = -*Shift + CursorShift;
    if (Back == 0)
      return "*" + Pointer + Cursor;
    std::string Rows = std::abs(Back) > 1
                           ? std::to_string(std::abs(Back)) + " * " + Bytes
                           : Bytes;
    return "*" + Pointer + "(" + Cursor + (Back > 0 ? " - " : " + ") + Rows +
           ")";
  }
  std::string Lagged = Lag == 1 ? Level : std::to_string(Lag) + " * " + Level;
  if (CursorShift)
    Lagged = "(" + Lagged + (CursorShift < 0 ? " - " : " + ") +
             std::to_string(std::abs(CursorShift)) + ")";
  return "*" + Pointer + "(" + Cursor + " - " + Lagged + " * " + Bytes + ")";
}

std::string StreamedKernel::sweepBoundaryLoad(const std::string &Level,
                                              const StreamNames *N) const {
  std::array<int64_t, MaxAxes> Zero{};
  unsigned Source = sweepSource();
  std::string Odd = pointAccess(pingPongBoundaryField().Name);
  std::string Even = printAccess(R, Source, {}, Zero);
  if (N && boundaryThroughCursor()) {
    std::string Type = elementTypeName(R.Fields[Source].Type);
    int64_t Shift = cursorShift(*N, Source);
    Odd = levelPointAccess(*N, N->BoundaryCursor, Type, Level, Shift);
    Even = levelPointAccess(*N, N->Cursor.at(Source), Type, Level, Shift);
  }
  if (std::isdigit(static_cast<unsigned char>(Level[0])))
    return std::stoi(Level) % 2 ? Odd : Even;
  return "(" + Level + ") % 2 ? " + Odd + " : " + Even;
}

StreamedKernel::AxisSet
StreamedKernel::sweepBoundaryLoadNames(bool ThroughNames) const {
  // The cursors name no loop variable; the arrays' accesses name every
  // axis's.
  return ThroughNames && boundaryThroughCursor() ? AxisSet() : axesFrom(0);
}

void StreamedKernel::emitPingPongBoundaryFix(CodeWriter &W,
                                             const StreamNames &N,
                                             const std::string &Level) const {
  unsigned Source = sweepSource();
  std::string Assign = N.Value.at(Source) + "[" + Level +
                       "] = " + sweepBoundaryLoad(Level, &N) + ";";
  if (placesColumns()) {
    // Where the row lies, on the column's scale: the point lies where the
    // farther of the two does, and shows the boundary at 2.
    std::string Row =
        "!(" + insideGrid(0, 1) + ") ? 3 : !(" + inAxisRange(0) + ") ? 2 : 0";
    if (R.Map.TimeBlock > 1 && Level != "1")
      Row = Level + " > " + N.Steps + " ? 3 : " + Row;
    std::string Column = N.ColumnWhere + "[" + N.Point + "]";
    W.open("");
    W.line("const int " + N.RowWhere + " = " + Row + ";");
    W.line("if ((" + N.RowWhere + " > " + Column + " ? " + N.RowWhere + " : " +
           Column + ") == 2)");
    W.indent().line(Assign).dedent();
    W.close();
    return;
  }
  std::string Need;
  if (R.Map.TimeBlock > 1 && Level != "1")
    Need = Level + " <= " + N.Steps + " && ";
  Need += "!(" + inCalcRangeOfColumn(N) + ") && " +
          (hoistsColumnTests()
               ? insideGrid(0, 1) + " && " + columnIs(N, ColumnPlace::Inside)
               : insideGrid());
  W.line("if (" + Need + ")");
  W.indent().line(Assign).dedent();
}

StreamedKernel::AxisSet StreamedKernel::pingPongBoundaryFixNames() const {
  AxisSet Names = sweepBoundaryLoadNames(true);
  // The row's tests name axis 0, the column's place none.
  if (placesColumns())
    return Names | axesFrom(0, 1) | inAxisRangeNames(0);
  Names |= inCalcRangeOfColumnNames();
  return Names | (hoistsColumnTests() ? axesFrom(0, 1) : axesFrom(0));
}

std::string StreamedKernel::pingPongBoundaryValue(
    const StreamNames &N, const std::string &Level, const std::string &Below,
    const std::string &Centre) const {
  unsigned Source = sweepSource();
  std::string Passed = N.Window.at(Source) + "[" + Below + "]" + Centre;
  std::string Boundary = prefetchesBoundary() ? N.Boundary + "[" + Level + "]"
                                              : boundaryValue(Level);
  if (R.Map.TimeBlock > 1 && Level != "1")
    return Level + " > " + N.Steps + " ? " + Passed + " : (" + Boundary + ")";
  return Boundary;
}

StreamedKernel::AxisSet StreamedKernel::pingPongBoundaryValueNames() const {
  // A prefetched value is a register.
  if (prefetchesBoundary())
    return {};
  return axesFrom(0) | sweepBoundaryLoadNames(false);
}

void StreamedKernel::emitPingPongBoundary(CodeWriter &W, const StreamNames &N,
                                          const std::string &Level,
                                          const std::string &Below,
                                          const std::string &Centre) const {
  unsigned Source = sweepSource();
  W.line(N.Value.at(Source) + "[" + Level +
         "] = " + pingPongBoundaryValue(N, Level, Below, Centre) + ";");
}

} // namespace tilec
