//===- StreamedKernel.cpp - Blocks that stream along the outer axis -------===//
//
// 2.5D blocking with temporal blocking: a work group walks a chunk of rows
// (planes) of the outermost axis and advances up to T steps in one pass.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include "transforms/SpatialBlocking.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace tilec {

using namespace ir;

void StreamedKernel::emit(CodeWriter &W) {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  StreamNames N = streamNames();
  std::vector<unsigned> Fields = calcKernelFields(R);
  const Axis &Z = R.Axes[0];
  std::string Block;
  for (unsigned A = 1; A < R.dims(); ++A)
    Block += (A > 1 ? "x" : "") + std::to_string(M.streamSpan(A));
  std::string Inner = R.dims() == 3 ? "(y,x)" : "(x)";
  if (severalPoints())
    Inner += ", " + std::to_string(M.StreamPoints) + " adjacent points along " +
             R.axisName(1) + " per work item,";
  W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
         ": each work group covers a " + Block + " block " + Inner +
         " and streams it along " + R.axisName(0) + ", " +
         std::to_string(M.StreamChunk) + " at a time" +
         (T > 1
              ? ", advancing up to " + std::to_string(T) + " steps in one pass"
              : "") +
         ". */");
  CalcRegisters = shape().RegisterCap;
  openCalcKernel(W, Fields, N.Steps);
  const int64_t Rows = windowRows();
  int64_t Offset = 0;
  for (unsigned F : M.TiledFields) {
    std::string Type = elementTypeName(R.Fields[F].Type);
    if (T > 1) {
      std::string Dims =
          "[" + std::to_string(T - 1) + "][" + std::to_string(M.Tile[0]) + "]";
      int64_t Elements = (T - 1) * M.Tile[0];
      for (unsigned A = 1; A < R.dims(); ++A) {
        Dims += "[" + std::to_string(M.Tile[A]) + "]";
        Elements *= M.Tile[A];
      }
      if (!M.DynamicLocalMemory) {
        W.line(D.localArray(Type, N.Ring[F], Dims));
        continue;
      }
      if (Offset == 0 && !D.dynamicLocalBuffer().empty()) {
        W.line("/* The rings take " + std::to_string(M.LocalMemoryBytes) +
               " bytes of shared memory, more than a kernel may declare: the "
               "launch sizes it. */");
        W.line(D.dynamicLocalBuffer());
      }
      W.line(D.dynamicLocalArray(Type, N.Ring[F], Dims, Offset));
      Offset += alignedTileBytes(Elements * elementBytes(R.Fields[F].Type));
    }
  }
  for (unsigned A = 1; A < R.dims(); ++A) {
    unsigned Dim = R.dims() - 1 - A;
    std::string Origin = groupOrigin(A);
    if (A == 1 && severalPoints()) {
      W.line("const int " + N.FirstCoord + " = (int)" + D.localId(Dim) + " * " +
             std::to_string(M.StreamPoints) +
             "; /* this work item's first point */");
      W.line("const " + R.Axes[A].LoopVariableType + " " + N.FirstY + " = " +
             Origin + " + " + N.FirstCoord + ";");
      continue;
    }
    W.line("const int " + N.Coord[A] + " = (int)" + D.localId(Dim) + ";");
    W.line("const " + R.Axes[A].LoopVariableType + " " +
           R.Axes[A].LoopVariable + " = " + Origin + " + " + N.Coord[A] + ";");
  }
  if (usesRingPointers() && !severalPoints()) {
    W.line("/* This work item's cell in each ring: its reads and writes add "
           "constant distances. */");
    declareRingPointers(W, N);
  }
  declareOuterLocals(W);
  std::string Chunk = std::to_string(M.StreamChunk);
  W.line("/* This group owns rows [" + N.First + ", " + N.Last + ") along " +
         R.axisName(0) + ". */");
  // A launch in parts writes the rows of its window; else the envelope's.
  std::string RowsFirst =
      R.LaunchParts ? R.LaunchParts->First : std::to_string(Z.Lower);
  std::string RowsEnd = R.LaunchParts ? R.LaunchParts->End : R.envelopeUpper(0);
  W.line("const int " + N.First + " = " + RowsFirst + " + (int)" +
         D.groupId(R.dims() - 1) + " * " + Chunk + ";");
  W.line("const int " + N.Last + " = " + N.First + " + " + Chunk + " < " +
         RowsEnd + " ? " + N.First + " + " + Chunk + " : " + RowsEnd + ";");
  W.line(M.ChainedLevels
             ? "/* Rows behind each level's newest (level 0: the input), "
               "oldest first; the newest is the level's value of the trip. */"
             : "/* Rows around the column's point, per level (level 0: the "
               "input), oldest first. */");
  std::string PerPoint =
      severalPoints() ? "[" + std::to_string(M.StreamPoints) + "]" : "";
  for (unsigned F : M.TiledFields) {
    std::string Type = elementTypeName(R.Fields[F].Type);
    W.line(Type + " " + N.WindowArray.at(F) + PerPoint + "[" +
           std::to_string(T) + "][" + std::to_string(Rows) + "] = {" +
           (severalPoints() ? "{{0}}" : "{0}") + "};");
    W.line(Type + " " + N.ValueArray.at(F) + PerPoint + "[" +
           std::to_string(T) +
           "]; /* the row each level produces in this iteration */");
  }
  int64_t Start = M.HaloMinus[0] * T, End = levelLag() * T;
  std::string FirstRow = N.First + (Start ? " - " + std::to_string(Start) : "");
  for (unsigned F : M.TiledFields)
    W.line(std::string(elementTypeName(R.Fields[F].Type)) + " " +
           N.NextArray.at(F) + PerPoint + ";");
  // Elements from one row to the next.
  std::string RowStride = R.extentName(R.dims() - 1);
  if (R.dims() == 3)
    RowStride = R.extentName(1) + " * " + RowStride;
  if (rebased()) {
    // With several points the cursors point at the first one's column,
    // whose tests declarePointColumns() computes with the others'.
    std::string Column = R.Axes[R.dims() - 1].LoopVariable;
    if (R.dims() == 3)
      Column = "(long)" +
               (severalPoints() ? N.FirstY : R.Axes[1].LoopVariable) + " * " +
               R.extentName(2) + " + " + Column;
    W.line("const long " + N.Column + " = " + Column + ";");
    if (!severalPoints()) {
      W.line("const int " + N.ColumnInside + " = " + insideGrid(1, R.dims()) +
             ";");
      std::string InRange;
      for (unsigned A = 1; A < R.dims(); ++A)
        InRange += (A > 1 ? " && " : "") + inAxisRange(A);
      W.line("const int " + N.ColumnInRange + " = " + InRange + ";");
    }
    W.line("/* Distances in bytes, so that each access adds one as it is. */");
    for (const auto &[Type, Name] : N.RowBytes) {
      std::string Size = " * (long)sizeof(" + Type + ")";
      W.line("const long " + Name + " = (long)" + RowStride + Size + ";");
      if (R.dims() == 3 && !severalPoints())
        W.line("const long " + N.LineBytes.at(Type) + " = (long)" +
               R.extentName(2) + Size + ";");
    }
  }
  declarePointColumns(W, N);
  declareColumnIndex(W, N);
  W.line("/* The first row, loaded ahead like every later one. */");
  emitInPoints(W, N, rowLoadNames(N, false).test(1), false,
               [&](CodeWriter &Out) { emitRowLoad(Out, N, FirstRow, false); });
  if (rebased()) {
    W.line("/* Byte pointers to the column's point in the row each field is "
           "read or written at, advanced one row per iteration. */");
    for (unsigned F : calcKernelFields(R)) {
      std::string Const = isConst(R.Fields[F], false) ? "const " : "";
      W.line(D.globalSpace() + Const + "char *" + N.Cursor.at(F) + " = (" +
             D.globalSpace() + Const + "char *)(" + R.Fields[F].Name +
             " + ((long)(" + plusOffset(N.First, cursorShift(N, F) - Start) +
             ") * " + RowStride + " + " + N.Column + "));");
    }
    if (boundaryThroughCursor()) {
      unsigned Source = sweepSource();
      W.line(D.globalSpace() + "const char *" + N.BoundaryCursor + " = (" +
             D.globalSpace() + "const char *)(" + pingPongBoundaryField().Name +
             " + ((long)(" +
             plusOffset(N.First, cursorShift(N, Source) - Start) + ") * " +
             RowStride + " + " + N.Column + "));");
    }
  }
  if (T > 1 && !M.ChainedLevels)
    W.line("unsigned " + N.Slot +
           " = 0; /* ring slot of this iteration's rows */");
  if (R.Reduce)
    W.line(std::string(scalarTypeName(R.Reduce->Type)) + " " +
           R.Reduce->Variable + " = " + reductionIdentity(*R.Reduce) +
           "; /* this work item's share of the reduction, over its column */");
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
    Copy = LoopCopy::Interior;
    emitRowLoop(W, N, FirstRow, End, false);
    Copy = LoopCopy::General;
  }
  if (copiesInteriorLoop()) {
    OpenCopy("Groups whose columns all lie in the calc range skip the column "
             "tests.",
             columnsInRange());
    Copy = LoopCopy::ColumnsInRange;
    emitRowLoop(W, N, FirstRow, End, false);
    Copy = LoopCopy::General;
  }
  if (Opened)
    W.closeOpen("else");
  emitRowLoop(W, N, FirstRow, End, false);
  if (Opened)
    W.close();
  if (R.Reduce)
    emitGroupReduction(W, *R.Reduce, "");
  W.close();
}

StreamedKernel::StreamNames StreamedKernel::streamNames() const {
  StreamNames N;
  N.Row = fresh("row");
  N.First = fresh("first");
  N.Last = fresh("last");
  N.Slot = fresh("slot");
  N.Trip = fresh("trip");
  N.Steps = fresh("steps");
  N.Level = fresh("level");
  N.Boundary = fresh("boundary");
  N.BoundaryNext = fresh("boundary_next");
  if (R.PingPong && R.Map.TimeBlock > 1)
    N.BoundaryCursor = fresh(pingPongBoundaryField().Name + "_at");
  N.Column = fresh("column");
  N.ColumnInside = fresh("column_inside");
  N.ColumnInRange = fresh("column_in_range");
  N.ColumnOwned = fresh("column_owned");
  N.ColumnWhere = fresh("column_where");
  N.ColumnX = fresh("column_x");
  N.RowWhere = fresh("row_where");
  if (std::optional<unsigned> Written = selectedField())
    N.Result = fresh(R.Fields[*Written].Name + "_value");
  for (unsigned F : calcKernelFields(R)) {
    N.Cursor[F] = fresh(R.Fields[F].Name + "_at");
    if (indexesFromColumn() && isConst(R.Fields[F], false))
      N.Flat[F] = fresh(R.Fields[F].Name + "_flat");
    N.RowBytes[elementTypeName(R.Fields[F].Type)];
  }
  // One pair of distances per element type, named after it when there are
  // several.
  for (auto &[Type, Name] : N.RowBytes) {
    std::string Prefix = N.RowBytes.size() > 1 ? Type + "_" : "";
    Name = fresh(Prefix + "row_bytes");
    N.LineBytes[Type] = fresh(Prefix + "line_bytes");
  }
  for (unsigned A = 0; A < R.dims(); ++A)
    N.Coord.push_back(fresh(std::string("t") + R.axisName(A)));
  if (severalPoints()) {
    N.Point = fresh("p");
    N.FirstCoord = fresh(N.Coord[1] + "_first");
    N.FirstY = fresh(R.Axes[1].LoopVariable + "_first");
  }
  std::string Own = severalPoints() ? "[" + N.Point + "]" : "";
  for (unsigned F : R.Map.TiledFields) {
    const std::string &Name = R.Fields[F].Name;
    N.WindowArray[F] = fresh(Name + "_rows");
    N.ValueArray[F] = fresh(Name + "_new");
    N.NextArray[F] = fresh(Name + "_next");
    N.Window[F] = N.WindowArray[F] + Own;
    N.Value[F] = N.ValueArray[F] + Own;
    N.Next[F] = N.NextArray[F] + Own;
    N.Ring[F] = fresh(Name + "_ring");
    N.RingAt[F] = fresh(Name + "_ring_at");
  }
  return N;
}

std::string StreamedKernel::inCalcRangeOfColumn(const StreamNames &N) const {
  if (Copy == LoopCopy::Interior)
    return "";
  if (Copy == LoopCopy::ColumnsInRange)
    return inAxisRange(0);
  return hoistsColumnTests()
             ? inAxisRange(0) + " && " + columnIs(N, ColumnPlace::InRange)
             : inCalcRange();
}

StreamedKernel::AxisSet StreamedKernel::inCalcRangeOfColumnNames() const {
  // columnIs() names no loop variable: the hoisted tests are locals, and
  // split tests spell the point's y as an expression.
  if (Copy == LoopCopy::Interior)
    return {};
  if (Copy == LoopCopy::ColumnsInRange || hoistsColumnTests())
    return inAxisRangeNames(0);
  AxisSet Names;
  for (unsigned A = 0; A < R.dims(); ++A)
    Names |= inAxisRangeNames(A);
  return Names;
}

StreamedKernel::AxisSet StreamedKernel::axesFrom(unsigned First,
                                                 unsigned Last) const {
  AxisSet Axes;
  for (unsigned A = First; A < std::min(Last, R.dims()); ++A)
    Axes.set(A);
  return Axes;
}

StreamedKernel::AxisSet StreamedKernel::inAxisRangeNames(unsigned A) const {
  const Axis &X = R.Axes[A];
  bool Empty =
      X.LowerScalar.empty() && X.UpperScalar.empty() && X.Upper <= X.Lower;
  return Empty ? AxisSet() : axesFrom(A, A + 1);
}

std::string StreamedKernel::groupOrigin(unsigned A) const {
  const Mapping &M = R.Map;
  std::string Origin = "(int)" + D.groupId(R.dims() - 1 - A) + " * " +
                       std::to_string(M.streamOwned(A));
  if (M.StreamStart[A] > 0)
    Origin = std::to_string(M.StreamStart[A]) + " + " + Origin;
  else if (M.StreamStart[A] < 0)
    Origin += " - " + std::to_string(-M.StreamStart[A]);
  return Origin;
}

std::string
StreamedKernel::ringCell(const StreamNames &N, unsigned Field,
                         const std::string &RingLevel, const std::string &Slot,
                         const std::array<int64_t, MaxAxes> &Offsets) const {
  const Mapping &M = R.Map;
  if (!usesRingPointers()) {
    std::string Cell = N.Ring.at(Field) + "[" + RingLevel + "][" + Slot + "]";
    for (unsigned A = 1; A < R.dims(); ++A)
      Cell += "[" + plusOffset(N.Coord[A], M.HaloMinus[A] + Offsets[A]) + "]";
    return Cell;
  }
  // The cell's distance from the work item's own, and a ring row's size.
  int64_t Distance = 0, Plane = 1;
  for (unsigned A = R.dims() - 1; A >= 1; --A) {
    Distance += Offsets[A] * Plane;
    Plane *= M.Tile[A];
  }
  // Slots are a name, a cast or (chained levels) `1 - slot`, which needs
  // parentheses only alone before the product.
  bool Difference = Slot.find(' ') != std::string::npos && Slot[0] != '(';
  std::string Row = Difference ? "(" + Slot + ")" : Slot;
  if (RingLevel != "0") {
    bool Numeric = std::isdigit(static_cast<unsigned char>(RingLevel[0]));
    Row = "(" + (Numeric ? RingLevel : "(" + RingLevel + ")") + " * " +
          std::to_string(M.Tile[0]) + " + " + Slot + ")";
  }
  std::string Index = Row + " * " + std::to_string(Plane);
  if (Distance)
    Index +=
        (Distance < 0 ? " - " : " + ") + std::to_string(std::abs(Distance));
  return N.RingAt.at(Field) + "[" + Index + "]";
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

void StreamedKernel::declareRingPointers(CodeWriter &W,
                                         const StreamNames &N) const {
  const Mapping &M = R.Map;
  for (unsigned F : M.TiledFields) {
    std::string Cell = N.Ring.at(F) + "[0][0]";
    for (unsigned A = 1; A < R.dims(); ++A)
      Cell += "[" + plusOffset(N.Coord[A], M.HaloMinus[A]) + "]";
    W.line(D.localSpace() + elementTypeName(R.Fields[F].Type) + " *" +
           N.RingAt.at(F) + " = &" + Cell + ";");
  }
}

std::string StreamedKernel::ownedAlong(unsigned A,
                                       const std::string &Coord) const {
  const Mapping &M = R.Map;
  int64_t Lo = M.StreamRimMinus[A];
  int64_t Hi = M.streamSpan(A) - M.StreamRimPlus[A];
  std::string Owned;
  if (Lo)
    Owned += " && " + Coord + " >= " + std::to_string(Lo);
  if (Hi < M.streamSpan(A))
    Owned += " && " + Coord + " < " + std::to_string(Hi);
  return Owned;
}

std::string StreamedKernel::ownedColumn(const StreamNames &N) const {
  std::string Owned;
  for (unsigned A = 1; A < R.dims(); ++A)
    Owned += ownedAlong(A, N.Coord[A]);
  return Owned;
}

void emitStreamedCalc(const StencilRegion &Region, const KernelDialect &Dialect,
                      CodeWriter &W) {
  StreamedKernel(Region, Dialect).emit(W);
}

} // namespace tilec
