//===- StreamedRowLoop.cpp - The streaming kernel's row loop -------------===//
//
// The copies of the streaming kernel's row loop (one per kind of group) and
// one copy's trips: each iteration loads the next row of the input, runs
// the T levels behind it, shifts each level's rows and advances.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

namespace tilec {

using namespace ir;

void StreamedKernel::loadFirstRow(CodeWriter &W, const StreamNames &N) const {
  W.line("/* The first row, loaded ahead like every later one. */");
  emitInPoints(
      W, N, rowLoadNames(N, false).test(1), false,
      [&](CodeWriter &Out) { emitRowLoad(Out, N, firstLoopRow(N), false); });
}

void StreamedKernel::emitRowLoopCopies(CodeWriter &W, const StreamNames &N) {
  const int64_t T = R.Map.TimeBlock;
  const int64_t Start = leadRows(), End = trailRows();
  const std::string FirstRow = firstLoopRow(N);
  // The copies of the row loop, most special first: each `if` but the
  // last opens one, and the last copy is the general loop.
  bool Opened = false;
  auto OpenCopy = [&](const std::string &Comment, const std::string &Cond) {
    W.line("/* " + Comment + " */");
    if (Opened)
      W.closeOpen("else if (" + Cond + ")");
    else
      W.open("if (" + Cond + ")");
    Opened = true;
  };
  auto EmitCopy = [&](LoopCopy Kind) {
    Copy = Kind;
    emitRowLoop(W, N, FirstRow, End, false);
    Copy = LoopCopy::General;
  };
  if (R.PingPong && T > 1) {
    // The boundary reads cost every iteration of every group, taken or
    // not; only groups that reach outside the calc range need them
    // (docs/notes/stream-shape.md, "Levels and boundaries").
    OpenCopy("Only groups whose rows or columns reach outside the calc range "
             "meet the boundary, which alternates between the arrays.",
             edgeCondition(N, Start, End));
    emitRowLoop(W, N, FirstRow, End, true);
  }
  if (copiesTestFreeLoop()) {
    OpenCopy(T > 1 ? "Groups whose points all lie in the calc range, in a "
                     "launch that does every step, test nothing but the rows "
                     "they own."
                   : "Groups whose points all lie in the calc range test "
                     "nothing but the rows they own.",
             interiorCondition(N, Start, End));
    EmitCopy(LoopCopy::Interior);
  }
  if (copiesInteriorLoop()) {
    OpenCopy("Groups whose columns all lie in the calc range skip the column "
             "tests.",
             columnsInRange());
    EmitCopy(LoopCopy::ColumnsInRange);
  }
  if (Opened)
    W.closeOpen("else");
  emitRowLoop(W, N, FirstRow, End, false);
  if (Opened)
    W.close();
}

void StreamedKernel::emitRowLoop(CodeWriter &W, const StreamNames &N,
                                 const std::string &FirstRow, int64_t End,
                                 bool Boundary) const {
  if (Boundary && prefetchesBoundary())
    emitBoundaryPrefetch(W, N, FirstRow, true);
  openRowLoop(W, N, FirstRow, End);
  loadNextRow(W, N, Boundary);
  emitLevels(W, N, Boundary);
  shiftRows(W, N);
  advanceRow(W, N, Boundary);
  W.close();
  if (R.Map.ChainedLevels)
    W.close();
}

void StreamedKernel::openRowLoop(CodeWriter &W, const StreamNames &N,
                                 const std::string &FirstRow,
                                 int64_t End) const {
  std::string LoopEnd = N.Last + " + " + std::to_string(End);
  if (R.Map.ChainedLevels) {
    // The rows' registers and the ring's slots repeat every two rows.
    // A trip past the end is harmless: it loads and stores nothing and
    // computes rows no owned point depends on.
    W.line("/* Two rows per trip, one per ring slot: the slots and each "
           "level's rows are named by constants, nothing is moved. */");
    W.line("#pragma unroll 1");
    W.open("for (int " + N.Trip + " = " + FirstRow + "; " + N.Trip + " < " +
           LoopEnd + "; " + N.Trip + " += 2)");
    W.line("#pragma unroll");
    W.open("for (int " + N.Slot + " = 0; " + N.Slot + " < 2; " + N.Slot +
           "++)");
    W.line("const int " + N.Row + " = " + N.Trip + " + " + N.Slot + ";");
    return;
  }
  // With T > 1 the loop's body ends in a barrier.
  for (const std::string &Line :
       D.unrollBy(rowLoopUnroll(), R.Map.TimeBlock > 1))
    W.line(Line);
  W.open("for (int " + N.Row + " = " + FirstRow + "; " + N.Row + " < " +
         LoopEnd + "; " + N.Row + "++)");
}

void StreamedKernel::loadNextRow(CodeWriter &W, const StreamNames &N,
                                 bool Boundary) const {
  const Mapping &M = R.Map;
  if (!severalPoints())
    for (unsigned F : M.TiledFields)
      W.line(N.Value.at(F) + "[0] = " + N.Next.at(F) + ";");
  W.line("/* Load the next row now so that the load overlaps the "
         "arithmetic. */");
  emitInPoints(W, N, rowLoadNames(N, true).test(1), false,
               [&](CodeWriter &Load) {
                 if (severalPoints())
                   for (unsigned F : M.TiledFields)
                     Load.line(N.Value.at(F) + "[0] = " + N.Next.at(F) + ";");
                 emitRowLoad(Load, N, N.Row + " + 1", true);
               });
  if (Boundary && prefetchesBoundary())
    emitBoundaryPrefetch(W, N, N.Row + " + 1", false);
}

void StreamedKernel::emitLevels(CodeWriter &W, const StreamNames &N,
                                bool Boundary) const {
  const int64_t T = R.Map.TimeBlock;
  bool OneLevel = T == 1;
  W.line(OneLevel ? "/* The step: the row whose neighbours have all been "
                    "loaded. */"
                  : "/* Step 1 works on the input. */");
  // Level 1 reads the input from global memory; with one step it also
  // tests the group's columns it owns.
  emitInPoints(W, N, levelNames(N, "1", true, OneLevel, Boundary).test(1),
               OneLevel, [&](CodeWriter &Level) {
                 Level.open("");
                 emitLevel(Level, N, "1", true, OneLevel, Boundary);
                 Level.close();
               });
  if (T > 2) {
    W.line("/* Steps 2 .. " + std::to_string(T - 1) +
           " work on the level below, each a row further behind. */");
    W.line("#pragma unroll");
    W.open("for (int " + N.Level + " = 2; " + N.Level + " < " +
           std::to_string(T) + "; " + N.Level + "++)");
    emitInPoints(W, N, levelNames(N, N.Level, false, false, Boundary).test(1),
                 true, [&](CodeWriter &Level) {
                   emitLevel(Level, N, N.Level, false, false, Boundary);
                 });
    W.close();
  }
  if (T > 1) {
    W.line("/* Step " + std::to_string(T) +
           " writes the points this group owns. */");
    std::string Last = std::to_string(T);
    emitInPoints(W, N, levelNames(N, Last, false, true, Boundary).test(1), true,
                 [&](CodeWriter &Level) {
                   Level.open("");
                   emitLevel(Level, N, Last, false, true, Boundary);
                   Level.close();
                 });
  }
}

void StreamedKernel::shiftRows(CodeWriter &W, const StreamNames &N) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  const int64_t Rows = windowRows();
  W.line("/* Shift each level's rows and publish the new ones. */");
  openPoints(W, N, false, T > 1);
  W.line("#pragma unroll");
  W.open("for (int " + N.Level + " = 0; " + N.Level + " < " +
         std::to_string(T) + "; " + N.Level + "++)");
  for (unsigned F : M.TiledFields) {
    const std::string &Win = N.Window.at(F);
    for (int64_t K = 0; K + 1 < Rows; ++K)
      W.line(Win + "[" + N.Level + "][" + std::to_string(K) + "] = " + Win +
             "[" + N.Level + "][" + std::to_string(K + 1) + "];");
    W.line(Win + "[" + N.Level + "][" + std::to_string(Rows - 1) +
           "] = " + N.Value.at(F) + "[" + N.Level + "];");
    if (T > 1) {
      W.line("if (" + N.Level + " > 0)");
      W.indent()
          .line(ringCell(N, F, N.Level + " - 1", N.Slot, {}) + " = " +
                N.Value.at(F) + "[" + N.Level + "];")
          .dedent();
    }
  }
  W.close();
  closePoints(W);
}

void StreamedKernel::advanceRow(CodeWriter &W, const StreamNames &N,
                                bool Boundary) const {
  const Mapping &M = R.Map;
  advanceCursors(W, N);
  if (Boundary && boundaryThroughCursor())
    advanceBoundaryCursor(W, N);
  if (M.TimeBlock > 1 && !M.ChainedLevels)
    W.line(N.Slot + " = " + N.Slot + " + 1 == " + std::to_string(M.Tile[0]) +
           " ? 0 : " + N.Slot + " + 1;");
  if (M.TimeBlock > 1)
    W.line(D.barrier());
}

void StreamedKernel::emitRowLoad(CodeWriter &Out, const StreamNames &N,
                                 const std::string &Row,
                                 bool AheadOfLoop) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  const Axis &Z = R.Axes[0];
  // Rows needed: level T's rows [first, last) reach T * halo further.
  std::string LoadEnd =
      N.Last + (M.HaloPlus[0] ? " + " + std::to_string(M.HaloPlus[0] * T) : "");
  Out.open("");
  Out.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " + Row +
           ";");
  // In the interior copy every row the loop loads up to LoadEnd lies
  // inside the arrays (interiorCondition()).
  std::string Inside = Z.LoopVariable + " < " + LoadEnd;
  if (!(AheadOfLoop && Copy == LoopCopy::Interior))
    Inside += " && " + insideGrid(0, 1);
  if (Copy == LoopCopy::General)
    Inside += " && " + (hoistsColumnTests() ? columnIs(N, ColumnPlace::Inside)
                                            : insideGrid(1, R.dims()));
  for (unsigned F : M.TiledFields)
    Out.line(N.Next.at(F) + " = " + Inside + " ? " +
             globalPointAccess(N, F, loadShift(AheadOfLoop)) + " : 0;");
  Out.close();
}

StreamedKernel::AxisSet StreamedKernel::rowLoadNames(const StreamNames &N,
                                                     bool AheadOfLoop) const {
  // The row's declaration and tests name axis 0; hoisted column tests
  // name no loop variable.
  AxisSet Names = axesFrom(0, 1);
  if (Copy == LoopCopy::General && !hoistsColumnTests())
    Names |= axesFrom(1);
  for (unsigned F : R.Map.TiledFields)
    Names |= globalAccessNames(N, F, loadShift(AheadOfLoop));
  return Names;
}

} // namespace tilec
