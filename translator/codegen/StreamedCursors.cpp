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

int64_t StreamedKernel::rowLoopUnroll() const {
  // Two rows per trip let the loads of the next row start earlier
  // (measured: heat2d T=8 +4%, heat3d unaligned T=1 +19%, H200). With
  // several points and run-time extents two rows spill under the cap of
  // 64 registers (heat3d 512^3 at 32,8,1,3,4, H100: 29.3 ms against 27.8
  // with one row per trip).
  if (rebased() && severalPoints())
    return 1;
  // A single-stage 2D kernel of up to 8 steps takes three rows per trip:
  // each level keeps a window of three rows in registers, and unrolled by
  // its period the window's shifts become renamed registers instead of
  // moves (H100, heat2d 8192^2 at 256,1,1,8: 6.37 -> 5.97 ms; 2048^2 at
  // 128,1,1,8: 0.76 -> 0.71; the same with run-time extents). It lost
  // elsewhere: heat2d at T = 16 (8192^2 at 128,1,1,16: 7.5 -> 8.6 ms),
  // PolyBench's jacobi-2d pair (8192^2: 7.2 -> 8.1 in float, 10.9 -> 12.4
  // in double), and in 3D (heat3d 512^3 at 32,8,1,3,4: 26.5 -> 28.4; the
  // heat-3d pair in double at 32,16,1,3: 64 -> 80 registers).
  bool ThreeRows = R.dims() == 2 && !R.PingPong && R.Map.TimeBlock <= 8;
  return ThreeRows ? 3 : 2;
}

bool StreamedKernel::copiesInteriorLoop() const {
  // heat3d 512^3 at 32,8,1,3,4 with run-time extents (H100): 27.7 ms with
  // the copy, 28.5 without (256^3: 5.06 and 5.13). With constant extents
  // nvcc folds most of the tests and the copy cost 1-7%.
  return rebased() && severalPoints() && !R.PingPong;
}

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

bool StreamedKernel::rebased() const {
  // Ping-pong pairs (200 sweeps, streaming 32x16 T = 2 / 256 T = 8):
  // heat-3d 512^3 ran in 89.7 ms with the cursors and 127.0 without
  // (H200); jacobi-2d 8192^2 first in 18.5 with them and 17.4 without
  // (H200), since the kernel's later changes in 14.5 with them and 16.4
  // without (H100; 13.6 with constant n).
  return R.runTimeStrides() && !R.hasComponentFields();
}

int64_t StreamedKernel::cursorShift(const StreamNames &N,
                                    unsigned Field) const {
  if (!N.Window.count(Field))
    return *levelShift(std::to_string(R.Map.TimeBlock));
  // In 2D, level 1's neighbours are points away from one row pointer
  // either way, and the cursor at level 1's row costs heat2d (256, T = 8)
  // four registers: 52 instead of 48, five groups per SM instead of six,
  // 8.56 ms instead of 7.55 at 8192^2 (H200).
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
    // point costs two and registers (heat3d 512^3 at 32,8,1,3,4, H100:
    // 27.8 ms against 29.9).
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
