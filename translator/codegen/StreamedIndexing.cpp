//===- StreamedIndexing.cpp - How the streaming kernel indexes memory -----===//
//
// Global memory, three ways: with extents known only at run time the
// distances between rows and lines are launch constants, not immediates,
// so accesses go through one byte cursor per field, advanced a row per
// iteration, and add the distances in bytes (one point per work item) or
// an int number of lines (several points); with several points and
// constant extents in 3D they add int distances to the column's index;
// otherwise they index as the kernel's views do.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <cstdlib>

namespace tilec {

using namespace ir;

void StreamedKernel::declareColumnCursor(CodeWriter &W,
                                         const StreamNames &N) const {
  if (!rebased())
    return;
  // With several points the cursors point at the first one's column,
  // whose tests declarePointColumns() computes with the others'.
  std::string Column = R.Axes[R.dims() - 1].LoopVariable;
  if (R.dims() == 3)
    Column = "(long)" + (severalPoints() ? N.FirstY : R.Axes[1].LoopVariable) +
             " * " + R.extentName(2) + " + " + Column;
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
    W.line("const long " + Name + " = (long)" + rowStride() + Size + ";");
    if (R.dims() == 3 && !severalPoints())
      W.line("const long " + N.LineBytes.at(Type) + " = (long)" +
             R.extentName(2) + Size + ";");
  }
}

void StreamedKernel::declareCursors(CodeWriter &W, const StreamNames &N) const {
  if (!rebased())
    return;
  W.line("/* Byte pointers to the column's point in the row each field is "
         "read or written at, advanced one row per iteration. */");
  for (unsigned F : calcKernelFields(R)) {
    std::string Const = isConst(R.Fields[F], false) ? "const " : "";
    W.line(D.globalSpace() + Const + "char *" + N.Cursor.at(F) + " = (" +
           D.globalSpace() + Const + "char *)(" + R.Fields[F].Name + " + " +
           cursorOffset(N, F) + ");");
  }
  if (boundaryThroughCursor())
    declareBoundaryCursor(W, N);
}

void StreamedKernel::advanceCursors(CodeWriter &W, const StreamNames &N) const {
  if (rebased())
    for (unsigned F : calcKernelFields(R))
      W.line(N.Cursor.at(F) +
             " += " + N.RowBytes.at(elementTypeName(R.Fields[F].Type)) + ";");
}

std::string StreamedKernel::rowStride() const {
  std::string Stride = R.extentName(R.dims() - 1);
  if (R.dims() == 3)
    Stride = R.extentName(1) + " * " + Stride;
  return Stride;
}

std::string StreamedKernel::cursorOffset(const StreamNames &N,
                                         unsigned Field) const {
  return "((long)(" + plusOffset(N.First, cursorShift(N, Field) - leadRows()) +
         ") * " + rowStride() + " + " + N.Column + ")";
}

int64_t StreamedKernel::cursorShift(const StreamNames &N,
                                    unsigned Field) const {
  if (!N.Window.count(Field))
    return *levelShift(std::to_string(R.Map.TimeBlock));
  return shape().CursorsAtFirstLevel ? *levelShift("1") : 0;
}

std::string
StreamedKernel::rowAccess(const StreamNames &N, unsigned Field,
                          const std::array<int64_t, MaxAxes> &Offsets,
                          int64_t RowShift) const {
  const ir::Field &F = R.Fields[Field];
  std::string Type = elementTypeName(F.Type);
  std::string Bytes;
  auto Add = [&Bytes](int64_t Count, const std::string &Distance) {
    if (!Count)
      return;
    int64_t Size = Count < 0 ? -Count : Count;
    Bytes += Bytes.empty() ? (Count < 0 ? "-" : "") : Count < 0 ? " - " : " + ";
    Bytes += (Size > 1 ? std::to_string(Size) + " * " : "") + Distance;
  };
  std::string Pointer = "(" + D.globalSpace() +
                        (isConst(F, false) ? "const " : "") + Type + " *)";
  const std::string &Cursor = N.Cursor.at(Field);
  // The cursor moved by `Bytes`: one distance, or their sum in parentheses,
  // so that nvcc adds one loop-invariant distance to it.
  auto Moved = [&]() {
    if (Bytes.empty())
      return Pointer + Cursor;
    bool OneTerm = Bytes.find(" + ") == std::string::npos &&
                   Bytes.find(" - ") == std::string::npos;
    if (!OneTerm)
      return Pointer + "(" + Cursor + " + (" + Bytes + "))";
    return Pointer + "(" + Cursor +
           (Bytes[0] == '-' ? " - " + Bytes.substr(1) : " + " + Bytes) + ")";
  };
  Add(RowShift + Offsets[0] - cursorShift(N, Field), N.RowBytes.at(Type));
  if (severalPoints()) {
    // Each point's line is an int number of elements from the first
    // point's (the host checks that P lines fit an int): nvcc adds it to
    // the row's address in one instruction, where a 64-bit distance per
    // point costs two and registers (docs/notes/stream-shape.md).
    std::string Line = Offsets[1]
                           ? "(" + N.Point + (Offsets[1] < 0 ? " - " : " + ") +
                                 std::to_string(std::abs(Offsets[1])) + ")"
                           : N.Point;
    std::string Index = Line + " * " + R.extentName(2);
    if (Offsets[2])
      Index += (Offsets[2] < 0 ? " - " : " + ") +
               std::to_string(std::abs(Offsets[2]));
    return "(" + Moved() + ")[" + Index + "]";
  }
  if (R.dims() == 3)
    Add(Offsets[1], N.LineBytes.at(Type));
  int64_t Point = Offsets[R.dims() - 1];
  std::string At = Moved();
  return Point ? "(" + At + ")[" + std::to_string(Point) + "]" : "*" + At;
}

void StreamedKernel::declareColumnIndex(CodeWriter &W,
                                        const StreamNames &N) const {
  if (N.Flat.empty())
    return;
  W.line("/* The first point's index in row 0, and each array the calc reads "
         "as one run of elements: an access adds its row's distance and a "
         "constant to the index. */");
  W.line("const int " + N.Column + " = " + N.FirstY + " * " + R.extentName(2) +
         " + " + R.Axes[2].LoopVariable + ";");
  for (const auto &[F, Name] : N.Flat)
    W.line(D.globalSpace() + "const " + elementTypeName(R.Fields[F].Type) +
           " *const " + Name + " = &" + R.Fields[F].Name + "[0][0][0];");
}

std::string StreamedKernel::columnAccess(
    const StreamNames &N, unsigned Field,
    const std::array<int64_t, MaxAxes> &Offsets) const {
  // Offsets along z and y scale by a distance: parenthesized.
  auto Moved = [](const std::string &Name, int64_t By) {
    return By ? "(" + plusOffset(Name, By) + ")" : Name;
  };
  std::string Index = plusOffset(
      N.Column + " + " + Moved(R.Axes[0].LoopVariable, Offsets[0]) + " * " +
          std::to_string(R.Axes[1].Extent * R.Axes[2].Extent) + " + " +
          Moved(N.Point, Offsets[1]) + " * " + R.extentName(2),
      Offsets[2]);
  return N.Flat.at(Field) + "[" + Index + "]";
}

StreamedKernel::GlobalIndexing
StreamedKernel::globalIndexing(const StreamNames &N, unsigned Field,
                               std::optional<int64_t> Shift) const {
  if (rebased() && Shift)
    return GlobalIndexing::Cursor;
  return N.Flat.count(Field) ? GlobalIndexing::Column : GlobalIndexing::Kernel;
}

std::string
StreamedKernel::globalAccess(const StreamNames &N, unsigned Field,
                             const std::array<int64_t, MaxAxes> &Offsets,
                             std::optional<int64_t> Shift) const {
  switch (globalIndexing(N, Field, Shift)) {
  case GlobalIndexing::Cursor:
    return rowAccess(N, Field, Offsets, *Shift);
  case GlobalIndexing::Column:
    return columnAccess(N, Field, Offsets);
  case GlobalIndexing::Kernel:
    break;
  }
  return "";
}

StreamedKernel::AxisSet
StreamedKernel::globalAccessNames(const StreamNames &N, unsigned Field,
                                  std::optional<int64_t> Shift) const {
  switch (globalIndexing(N, Field, Shift)) {
  case GlobalIndexing::Cursor:
    return {};
  case GlobalIndexing::Column:
    // The row's variable; the point's line is its index.
    return axesFrom(0, 1);
  case GlobalIndexing::Kernel:
    break;
  }
  return axesFrom(0);
}

std::string
StreamedKernel::globalPointAccess(const StreamNames &N, unsigned Field,
                                  std::optional<int64_t> Shift) const {
  std::array<int64_t, MaxAxes> Zero{};
  std::string Access = globalAccess(N, Field, Zero, Shift);
  return Access.empty() ? printAccess(R, Field, {}, Zero) : Access;
}

} // namespace tilec
