//===- StreamedLayout.cpp - The streaming kernel's names and storage -----===//
//
// What the streaming kernel declares before its row loop: its names, the
// rings of rows in local memory (and the pointers to a work item's cell),
// the work item's coordinates, the rows the group owns, each level's
// registers and the loop's state.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include "rules/MappingRules.h"

#include <cctype>
#include <cstdlib>

namespace tilec {

using namespace ir;

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

void StreamedKernel::declareRings(CodeWriter &W, const StreamNames &N) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  if (T == 1)
    return;
  int64_t Offset = 0;
  for (unsigned F : M.TiledFields) {
    std::string Type = elementTypeName(R.Fields[F].Type);
    std::string Dims =
        "[" + std::to_string(T - 1) + "][" + std::to_string(M.Tile[0]) + "]";
    int64_t Elements = (T - 1) * M.Tile[0];
    for (unsigned A = 1; A < R.dims(); ++A) {
      Dims += "[" + std::to_string(M.Tile[A]) + "]";
      Elements *= M.Tile[A];
    }
    if (!M.DynamicLocalMemory) {
      W.line(D.localArray(Type, N.Ring.at(F), Dims));
      continue;
    }
    if (Offset == 0 && !D.dynamicLocalBuffer().empty()) {
      W.line("/* The rings take " + std::to_string(M.LocalMemoryBytes) +
             " bytes of shared memory, more than a kernel may declare: the "
             "launch sizes it. */");
      W.line(D.dynamicLocalBuffer());
    }
    W.line(D.dynamicLocalArray(Type, N.Ring.at(F), Dims, Offset));
    Offset += alignedTileBytes(Elements * elementBytes(R.Fields[F].Type));
  }
}

void StreamedKernel::declareCoordinates(CodeWriter &W,
                                        const StreamNames &N) const {
  const Mapping &M = R.Map;
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

void StreamedKernel::declareOwnedRows(CodeWriter &W,
                                      const StreamNames &N) const {
  const Axis &Z = R.Axes[0];
  std::string Chunk = std::to_string(R.Map.StreamChunk);
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
}

void StreamedKernel::declareRegisters(CodeWriter &W,
                                      const StreamNames &N) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
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
           std::to_string(T) + "][" + std::to_string(windowRows()) + "] = {" +
           (severalPoints() ? "{{0}}" : "{0}") + "};");
    W.line(Type + " " + N.ValueArray.at(F) + PerPoint + "[" +
           std::to_string(T) +
           "]; /* the row each level produces in this iteration */");
  }
  for (unsigned F : M.TiledFields)
    W.line(std::string(elementTypeName(R.Fields[F].Type)) + " " +
           N.NextArray.at(F) + PerPoint + ";");
}

void StreamedKernel::declareLoopState(CodeWriter &W,
                                      const StreamNames &N) const {
  if (R.Map.TimeBlock > 1 && !R.Map.ChainedLevels)
    W.line("unsigned " + N.Slot +
           " = 0; /* ring slot of this iteration's rows */");
  if (R.Reduce)
    W.line(std::string(scalarTypeName(R.Reduce->Type)) + " " +
           R.Reduce->Variable + " = " + reductionIdentity(*R.Reduce) +
           "; /* this work item's share of the reduction, over its column */");
}

std::string StreamedKernel::firstLoopRow(const StreamNames &N) const {
  int64_t Start = leadRows();
  return N.First + (Start ? " - " + std::to_string(Start) : "");
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

} // namespace tilec
