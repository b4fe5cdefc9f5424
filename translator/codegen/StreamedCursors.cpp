//===- StreamedCursors.cpp - Streaming with extents known at run time ----===//
//
// With extents known only at run time the streaming kernel's distances
// between rows and lines are launch constants, not immediates: global
// accesses go through one byte cursor per field, advanced a row per
// iteration, and add the distances in bytes (one point per work item) or
// an int number of lines (several points).
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <cstdlib>

namespace tilec {

using namespace ir;

std::string StreamedKernel::columnsInRange() const {
  const Mapping &M = R.Map;
  std::string Cond;
  for (unsigned A = 1; A < R.dims(); ++A) {
    std::string Origin = groupOrigin(A);
    Cond += (A > 1 ? " && " : "") + Origin + " >= " + calcLower(A) + " && " +
            Origin + " + " + std::to_string(M.streamSpan(A)) +
            " <= " + calcUpper(A);
  }
  return Cond;
}

int64_t StreamedKernel::cursorShift(const StreamNames &N,
                                    unsigned Field) const {
  if (!N.Window.count(Field))
    return *levelShift(std::to_string(R.Map.TimeBlock));
  // In 2D, level 1's neighbours are points away from one row pointer
  // either way, and a cursor at level 1's row costs registers enough to
  // lose a group per SM (docs/notes/stream-shape.md, "Indexing global
  // memory").
  return R.dims() == 3 ? *levelShift("1") : 0;
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

} // namespace tilec
