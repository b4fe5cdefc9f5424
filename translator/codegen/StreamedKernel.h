//===- StreamedKernel.h - The streaming calc kernel ------------*- C++ -*-===//
//
// Internal to codegen/: the streaming (2.5D) calc kernel with temporal
// blocking. One class, whose parts are printed by one file each:
//
//   StreamedKernel.cpp   the kernel as a sequence of named steps (emit)
//   StreamedLayout.cpp   names, rings, coordinates, owned rows, registers
//   StreamedIndexing.cpp how global memory is indexed: byte cursors,
//                        the column's index, or the kernel's own indexing
//   StreamedColumns.cpp  where the column lies: the column tests (hoisted
//                        or not), the calc-range and ownership tests
//   StreamedPoints.cpp   several points per work item: the loop over them
//                        and the reads among their registers
//   StreamedRowLoop.cpp  the copies of the row loop and one copy's trips:
//                        loads, levels, shifts, advancing the row
//   StreamedInterior.cpp the tests of the copies for groups inside the
//                        calc range
//   StreamedLevels.cpp   one level (step): its accesses and its update
//   StreamedPingPong.cpp a ping-pong pair's boundaries (transforms/
//                        PingPong.h) in the edge groups
//
// The shape of the kernel (ir::StreamShape, R.Map.Shape) is decided by
// rules/StreamShapeRules.cpp; the accessors below read it.
//
// Where the printer declares a name only if the code after it uses it (a
// level's row, a point's y), it decides from the IR before printing: the
// `...Names` functions say which loop variables the printer of the same
// name prints (AxisSet), and must change with it.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_STREAMEDKERNEL_H
#define TILEC_CODEGEN_STREAMEDKERNEL_H

#include "codegen/KernelWriter.h"

#include <bitset>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

class StreamedKernel : public KernelWriter {
public:
  using KernelWriter::KernelWriter;

  /// 2.5D blocking with temporal blocking along the streamed axis: a work
  /// group covers a W (x H) block of the inner axes and walks a chunk of
  /// rows (planes) of the outermost axis. Each iteration loads one more row
  /// of the input; step l then produces row `row - l * (hp + 1)` from the
  /// rows step l - 1 produced before, which stay in registers (the
  /// column's own values) and in a ring of rows in local memory (the
  /// neighbours'), so T steps cost one pass over memory and one barrier per
  /// row. Each step after the first is valid on a part of the group
  /// smaller by the halo; the group owns what is left after T steps.
  void emit(CodeWriter &W);

private:
  // === The kernel's shape and the facts every part uses ====================
  // (StreamedKernel.cpp, the accessors here)

  /// The kernel's form, decided by the stream-shape pass.
  const ir::StreamShape &shape() const { return R.Map.Shape; }
  /// Several points per work item: code between openPoints and closePoints
  /// runs for each of them (an unrolled loop), with the point's own y
  /// coordinates (and ring pointers) under the names a single point uses.
  bool severalPoints() const { return R.Map.StreamPoints > 1; }
  /// The rows each level works behind the one below: one more than the
  /// reach along the streamed axis, so that a level reads rows the level
  /// below wrote in earlier trips; with chained levels
  /// (Mapping::ChainedLevels) the reach itself, the newest row coming
  /// from the level below in the same trip.
  int64_t levelLag() const {
    return R.Map.HaloPlus[0] + (R.Map.ChainedLevels ? 0 : 1);
  }
  /// Rows of a level's window kept in registers: its reach along the
  /// streamed axis, and with chained levels all but the newest.
  int64_t windowRows() const {
    return R.Map.HaloMinus[0] + R.Map.HaloPlus[0] +
           (R.Map.ChainedLevels ? 0 : 1);
  }
  /// The rows the row loop starts before the group's first owned row (T
  /// reaches back), and runs past its last (T lags).
  int64_t leadRows() const { return R.Map.HaloMinus[0] * R.Map.TimeBlock; }
  int64_t trailRows() const { return levelLag() * R.Map.TimeBlock; }

  /// The loop variables a piece of the kernel names, one bit per axis.
  using AxisSet = std::bitset<ir::MaxAxes>;
  /// Axes [First, Last) of the region: what insideGrid(First, Last) names.
  AxisSet axesFrom(unsigned First, unsigned Last = ir::MaxAxes) const;

  /// `/* calc of heat3d.c:41: each work group covers ... */`.
  void describeKernel(CodeWriter &W) const;

  // === Layout: names, rings, coordinates, registers (StreamedLayout.cpp) ===

  /// Names used by the streaming kernel, chosen to avoid the user's.
  struct StreamNames {
    std::string Row, First, Last, Slot, Steps, Level;
    /// Chained levels: the first of the two rows of a trip of the row loop.
    std::string Trip;
    /// Extents known only at run time (rebased()): the column's index in
    /// row 0, whether the column lies inside the arrays and inside the
    /// calc range along the inner axes.
    std::string Column, ColumnInside, ColumnInRange;
    /// Several points per work item: per point, whether the group owns its
    /// column (inside the calc range and outside the group's rim).
    std::string ColumnOwned;
    /// placesColumns(): per point, where its column lies instead: 0 owned
    /// by the group, 1 elsewhere in the calc range, 2 elsewhere in the
    /// arrays, 3 outside them.
    std::string ColumnWhere;
    /// splitsColumnTests(): where the work item's column lies along x, on
    /// ColumnWhere's scale.
    std::string ColumnX;
    /// Ping-pong edge groups with several points: where a level's row
    /// lies on the same scale (2 outside the calc range, 3 outside the
    /// arrays or past the launch's steps).
    std::string RowWhere;
    /// rebased(): per element type, the bytes between rows and (3D)
    /// between lines.
    std::map<std::string, std::string> RowBytes, LineBytes;
    /// rebased(): per field, a byte pointer to the column's point in the
    /// row the field is mostly accessed at (cursorShift()).
    std::map<unsigned, std::string> Cursor;
    /// indexesFromColumn(): per field the calc reads, a pointer to its
    /// first element (N.Column: the first point's index in row 0).
    std::map<unsigned, std::string> Flat;
    /// Ping-pong edge groups: per level, the boundary value of its row and
    /// of its next row (prefetchesBoundary()).
    std::string Boundary, BoundaryNext;
    /// boundaryThroughCursor(): a byte pointer into the other array's
    /// buffer, at the row and column of the sweeps' source's cursor.
    std::string BoundaryCursor;
    std::vector<std::string> Coord; ///< Per axis; [0] unused.
    /// Per field: its registers, as this work item's point names them
    /// (`A_rows`, or with several points `A_rows[p]`).
    std::map<unsigned, std::string> Window, Value, Ring, Next;
    /// Several points per work item (Mapping::StreamPoints): the point's
    /// index, the first point's coordinate in the group and the grid along
    /// y, and per field the register arrays' names.
    std::string Point, FirstCoord, FirstY;
    std::map<unsigned, std::string> WindowArray, ValueArray, NextArray;
    /// Per field with T > 1: a pointer to this work item's cell of the
    /// ring's first row.
    std::map<unsigned, std::string> RingAt;
    /// A level's value before it is selected (selectedField()).
    std::string Result;
  };
  StreamNames streamNames() const;

  /// With T > 1, each tiled field's ring of rows in local memory (in the
  /// launch's dynamic buffer where they exceed what a kernel may declare).
  void declareRings(CodeWriter &W, const StreamNames &N) const;
  /// The work item's coordinates in the group and the grid along the
  /// inner axes (with several points, its first point's along y), and
  /// with one point its ring pointers.
  void declareCoordinates(CodeWriter &W, const StreamNames &N) const;
  /// `(int)blockIdx.y * 28 - 1`: the group's first column along inner axis
  /// A (its work items' coordinates are this plus theirs).
  std::string groupOrigin(unsigned A) const;
  /// The rows the group owns, [N.First, N.Last).
  void declareOwnedRows(CodeWriter &W, const StreamNames &N) const;
  /// Each tiled field's registers: each level's window of rows, the row
  /// each level produces, and the next row of the input.
  void declareRegisters(CodeWriter &W, const StreamNames &N) const;
  /// The ring slot of the loop's rows and a reduction's share.
  void declareLoopState(CodeWriter &W, const StreamNames &N) const;
  /// The loop's first row: the group's first less leadRows().
  std::string firstLoopRow(const StreamNames &N) const;

  /// Whether the rings are indexed from a pointer to the work item's own
  /// cell (StreamShape::RingPointer), and its declarations, from
  /// the coordinates the work item (or its point) has in the group.
  bool usesRingPointers() const { return shape().RingPointer; }
  void declareRingPointers(CodeWriter &W, const StreamNames &N) const;
  /// The cell `Offsets` (inner axes) from this work item's own in row
  /// `Slot` of ring level `RingLevel` (level l's ring is RingLevel l - 1):
  /// `A_ring[0][(int)((slot + 2) % 4)][ty][tx + 1]`, or where the back end
  /// indexes rings through a pointer (StreamShape::RingPointer), the
  /// constant distance from it, `A_ring_at[(int)((slot + 2) % 4) * 612 - 34]`.
  std::string ringCell(const StreamNames &N, unsigned Field,
                       const std::string &RingLevel, const std::string &Slot,
                       const std::array<int64_t, ir::MaxAxes> &Offsets) const;

  // === Indexing global memory (StreamedIndexing.cpp) =======================

  /// Extents known only at run time, and fields without components: global
  /// accesses index from a pointer to the column's point in the loop's row
  /// (N.Cursor), advanced one row per iteration, and the column's
  /// in-grid test is computed once (N.ColumnInside).
  bool rebased() const { return shape().ByteCursors; }
  /// rebased(): the column's index in row 0, one point's column tests, and
  /// the distances in bytes between rows (and lines).
  void declareColumnCursor(CodeWriter &W, const StreamNames &N) const;
  /// rebased(): each field's cursor (and the boundary's), and their
  /// advance by a row.
  void declareCursors(CodeWriter &W, const StreamNames &N) const;
  void advanceCursors(CodeWriter &W, const StreamNames &N) const;
  /// Elements from one row to the next.
  std::string rowStride() const;
  /// `((long)(first - 2) * nx + column)`: the elements from a field's
  /// first to its cursor's first position.
  std::string cursorOffset(const StreamNames &N, unsigned Field) const;
  /// The rows behind the loop's row where `Field`'s cursor points: level
  /// T's for the fields the last level writes, in 3D level 1's for those
  /// it reads (in 2D the loop's row). Most accesses are then the cursor
  /// itself or a fixed number of lines and points away.
  int64_t cursorShift(const StreamNames &N, unsigned Field) const;
  /// `*(const float *)(A_at + line_bytes)`: the access at `Offsets` from
  /// the column's point `RowShift` rows from the loop's row. Distances are
  /// in bytes: from element counts nvcc scales each distance again at
  /// every access (docs/notes/run-time-extents.md, "Byte cursors").
  std::string rowAccess(const StreamNames &N, unsigned Field,
                        const std::array<int64_t, ir::MaxAxes> &Offsets,
                        int64_t RowShift) const;
  /// Whether, with several points and constant extents in 3D, reads of
  /// global memory index each array as one run of elements (N.Flat) from
  /// the first point's index in row 0 (N.Column) with int distances,
  /// instead of from the point's coordinates (declareColumnIndex()).
  bool indexesFromColumn() const { return shape().ColumnIndex; }
  void declareColumnIndex(CodeWriter &W, const StreamNames &N) const;
  /// `A_flat[column + i * 65536 + (p - 1) * 256 + 1]`: the access at
  /// `Offsets` from the point in row `Z.LoopVariable`, a constant distance
  /// from the index of the row's first point once the row's is added.
  std::string
  columnAccess(const StreamNames &N, unsigned Field,
               const std::array<int64_t, ir::MaxAxes> &Offsets) const;
  /// How global memory is indexed at a point `Shift` rows from the loop's
  /// (where known): from the field's byte cursor (rowAccess()), from the
  /// column's index (columnAccess()), or as the kernel indexes it
  /// (printAccess(), every axis's loop variable).
  enum class GlobalIndexing { Cursor, Column, Kernel };
  GlobalIndexing globalIndexing(const StreamNames &N, unsigned Field,
                                std::optional<int64_t> Shift) const;
  /// The access at `Offsets` from that point as rowAccess() or
  /// columnAccess() print it; empty where the kernel's indexing is used.
  std::string globalAccess(const StreamNames &N, unsigned Field,
                           const std::array<int64_t, ir::MaxAxes> &Offsets,
                           std::optional<int64_t> Shift) const;
  AxisSet globalAccessNames(const StreamNames &N, unsigned Field,
                            std::optional<int64_t> Shift) const;
  /// `Field` at the point in row `Z.LoopVariable` (`Shift` rows from the
  /// loop's, where known), as the kernel indexes global memory.
  std::string globalPointAccess(const StreamNames &N, unsigned Field,
                                std::optional<int64_t> Shift) const;

  // === Where the column lies (StreamedColumns.cpp) =========================

  /// Whether the column tests are computed once (rebased() or several
  /// points), and one of them as this point sees it.
  bool hoistsColumnTests() const {
    return shape().Columns != ir::StreamShape::ColumnTests::PerUse;
  }
  /// Whether each point's column tests are one place number (ColumnWhere):
  /// in ping-pong edge groups that read the boundary where it is used, the
  /// point's place is then the farther of its row's and its column's.
  bool placesColumns() const {
    return shape().Columns == ir::StreamShape::ColumnTests::Placed;
  }
  /// Whether the column tests are one place number along x (ColumnX) for
  /// the work item and each point's y tests written where they are used.
  bool splitsColumnTests() const {
    return shape().Columns == ir::StreamShape::ColumnTests::SplitXY;
  }
  /// Several points per work item: each point's column tests (inside the
  /// arrays, inside the calc range, owned by the group) as arrays computed
  /// once before the row loop (docs/notes/stream-shape.md, "Column tests"),
  /// or with splitsColumnTests() the work item's place along x alone
  /// (declareColumnAlongX).
  void declarePointColumns(CodeWriter &W, const StreamNames &N) const;
  void declareColumnAlongX(CodeWriter &W, const StreamNames &N) const;
  /// The column lies inside the arrays, inside the calc range, or is owned
  /// by the group (inside the calc range and outside the group's rim).
  /// These tests name no loop variable.
  enum class ColumnPlace { Inside, InRange, Owned };
  std::string columnIs(const StreamNames &N, ColumnPlace Place) const;
  /// The calc-range test of a point in row `Z.LoopVariable` of the
  /// column: with run-time extents the inner axes' part is computed once.
  std::string inCalcRangeOfColumn(const StreamNames &N) const;
  AxisSet inCalcRangeOfColumnNames() const;
  /// What inAxisRange(A) names: axis A, unless its range is constant and
  /// empty (the test is then `0`).
  AxisSet inAxisRangeNames(unsigned A) const;
  /// ` && ty >= 1 && ty < 15 ...`: the work item's (or point's) column
  /// lies outside the group's rim, so the group owns its last level.
  std::string ownedColumn(const StreamNames &N) const;
  /// The same tests along axis A alone, on the group coordinate `Coord`.
  std::string ownedAlong(unsigned A, const std::string &Coord) const;
  /// The last level's test: the group owns the point (its row and column)
  /// and it lies in the calc range.
  std::string ownedPoint(const StreamNames &N) const;
  AxisSet ownedPointNames() const;

  // === Several points per work item (StreamedPoints.cpp) ===================

  /// GridY and GroupY: whether the code uses the point's coordinate along
  /// y in the grid, and in the group (and its ring pointers).
  void openPoints(CodeWriter &W, const StreamNames &N, bool GridY,
                  bool GroupY) const;
  void closePoints(CodeWriter &W) const;
  /// `Body` inside openPoints(). The callers declare the point's grid y
  /// coordinate (GridY) only where the body names it (rowLoadNames(),
  /// levelNames()): with the column tests hoisted, the levels that read
  /// only registers and the ring do not.
  void emitInPoints(CodeWriter &W, const StreamNames &N, bool GridY,
                    bool GroupY,
                    const std::function<void(CodeWriter &)> &Body) const;
  /// A read of the level below at `Offsets` from the point, along y only
  /// and within this work item's points: that point's registers when it is
  /// this work item's, `Elsewhere` otherwise.
  std::string ownNeighbour(const StreamNames &N, unsigned Field,
                           const std::string &Below,
                           const std::array<int64_t, ir::MaxAxes> &Offsets,
                           const std::string &Elsewhere) const;

  // === The row loop (StreamedRowLoop.cpp) ==================================

  /// The rows per trip the row loop is unrolled by: three, two, or one.
  int64_t rowLoopUnroll() const { return shape().RowsPerTrip; }
  /// The first row's load, ahead of the loop like every later one.
  void loadFirstRow(CodeWriter &W, const StreamNames &N) const;
  /// The copies of the row loop, most special first: a ping-pong pair's
  /// edge groups, the interior groups (copiesTestFreeLoop()), the groups
  /// whose columns lie in the calc range (copiesInteriorLoop()), then the
  /// general loop.
  void emitRowLoopCopies(CodeWriter &W, const StreamNames &N);
  /// One copy of the row loop, from `FirstRow` to `End` rows past the
  /// group's last; with Boundary, a ping-pong pair's points outside the
  /// calc range show each sweep's own boundary (emitPingPongBoundary).
  void emitRowLoop(CodeWriter &W, const StreamNames &N,
                   const std::string &FirstRow, int64_t End,
                   bool Boundary) const;
  /// The loop's header: one row per iteration, or with chained levels two
  /// rows per trip, one per ring slot.
  void openRowLoop(CodeWriter &W, const StreamNames &N,
                   const std::string &FirstRow, int64_t End) const;
  /// The loaded row becomes level 0's, and the next row's load starts
  /// (with prefetched boundaries, theirs too).
  void loadNextRow(CodeWriter &W, const StreamNames &N, bool Boundary) const;
  /// Step 1, the steps between, and step T, each in the points.
  void emitLevels(CodeWriter &W, const StreamNames &N, bool Boundary) const;
  /// Each level's window moves up a row, the new row published in the
  /// ring.
  void shiftRows(CodeWriter &W, const StreamNames &N) const;
  /// The cursors, the ring slot and the barrier of the row's end.
  void advanceRow(CodeWriter &W, const StreamNames &N, bool Boundary) const;
  /// Loads row `Row` of the tiled fields into their next registers (in the
  /// loop, AheadOfLoop: the row after the loop's).
  void emitRowLoad(CodeWriter &Out, const StreamNames &N,
                   const std::string &Row, bool AheadOfLoop) const;
  AxisSet rowLoadNames(const StreamNames &N, bool AheadOfLoop) const;
  /// The row a load reads, from the loop's: the next one (AheadOfLoop),
  /// else not known as a number.
  static std::optional<int64_t> loadShift(bool AheadOfLoop) {
    return AheadOfLoop ? std::optional<int64_t>(1) : std::nullopt;
  }
  /// Which copy of the row loop is being emitted: the general one; one
  /// without the column tests (copiesInteriorLoop()); or one without any
  /// range or step test (copiesTestFreeLoop()).
  enum class LoopCopy { General, ColumnsInRange, Interior };
  LoopCopy Copy = LoopCopy::General;

  // === The interior copies' tests (StreamedInterior.cpp) ===================

  /// Whether groups whose columns all lie in the calc range run a copy of
  /// the row loop without the column tests (columnsInRange(): the test of
  /// the group's first column along each inner axis and its span).
  bool copiesInteriorLoop() const { return shape().ColumnsInRangeCopy; }
  std::string columnsInRange() const;
  /// Whether groups whose points at every level lie inside the calc range,
  /// in a launch that does all T steps, run a copy of the row loop without
  /// any range or step test (interiorCondition()); most groups of a large
  /// grid are such groups.
  bool copiesTestFreeLoop() const { return shape().InteriorCopy; }
  /// The test of that copy: the launch does T steps, the rows the loop's
  /// levels work on (`Start` before the first owned row to `End` after the
  /// last) lie in the calc range along the streamed axis and the group's
  /// columns along the others (columnsInRange()).
  std::string interiorCondition(const StreamNames &N, int64_t Start,
                                int64_t End) const;

  // === One level (StreamedLevels.cpp) ======================================

  /// `Level - K`, folded when the level is a number.
  static std::string levelMinus(const std::string &Level, int K);
  /// The rows a level's point lies from the loop's row, when Level is a
  /// number.
  std::optional<int64_t> levelShift(const std::string &Level) const;
  /// The tiled source whose next value a write of `Field` produces: the
  /// field itself, or the source the copy nest assigns it to.
  unsigned streamedSourceOf(unsigned Field) const;
  /// The field a level past the first computes in every work item, in
  /// range or not, and then selects or passes the level below's value
  /// through, with no memory access to guard (StreamShape::SelectedField).
  std::optional<unsigned> selectedField() const {
    return shape().SelectedField;
  }

  /// How one step (level) of the streaming kernel reads and writes fields.
  /// Level 1 reads the input: the column's own values from the registers
  /// that hold the rows around it, the rest from global memory (caches
  /// serve them). Later levels read the level below from its registers and
  /// its ring in local memory. Levels below T write registers; level T
  /// writes global memory.
  /// With `Result`, the write of the updated field goes to that local
  /// instead (selectedField()).
  ir::ExprPrintOptions levelPrintOptions(const StreamNames &N,
                                         const std::string &Level, bool First,
                                         bool Final,
                                         const std::string &Result = "") const;
  /// What a level's access of a field reads or writes: the selected
  /// level's local (N.Result); global memory (globalAccess()); the next
  /// value of the field's streamed source (a destination's write); the
  /// column's own rows in registers; another column's value of the input
  /// (level 1: global memory, or a point's own registers); or another
  /// column's value of the level below (its ring, or a point's own
  /// registers).
  enum class LevelAccess { Result, Global, SourceValue, Column, Input, Ring };
  LevelAccess levelAccess(const StreamNames &N, const ir::Expr &E, bool First,
                          bool Final, bool Selected) const;
  std::string levelAccessText(const StreamNames &N, const ir::Expr &E,
                              const std::string &Level, bool First, bool Final,
                              const std::string &Result) const;
  /// What the update's statements name, printed with levelPrintOptions
  /// (`Selected`: with a Result).
  AxisSet updateNames(const StreamNames &N, const std::string &Level,
                      bool First, bool Final, bool Selected) const;

  /// One level: the row it produces, then the update where the point is in
  /// the calc range (and the launch still does this step), the level
  /// below's value passed through elsewhere.
  void emitLevel(CodeWriter &W, const StreamNames &N, const std::string &Level,
                 bool First, bool Final, bool Boundary) const;
  /// emitLevel after the declaration of the level's row.
  void emitLevelBody(CodeWriter &W, const StreamNames &N,
                     const std::string &Level, bool First, bool Final,
                     bool Boundary) const;
  /// What emitLevelBody prints names: emitLevel declares the level's row
  /// where it names axis 0, emitInPoints' callers the point's y where it
  /// names axis 1.
  AxisSet levelNames(const StreamNames &N, const std::string &Level, bool First,
                     bool Final, bool Boundary) const;
  /// emitLevel for a level past the first whose update selectedField()
  /// allows: the value computed unconditionally, then selected (or stored
  /// where the group owns the point). Outside the calc range a ping-pong
  /// pair's edge groups (`Boundary`) select the boundary value, read only
  /// there.
  void emitSelectedLevel(CodeWriter &W, const StreamNames &N,
                         const std::string &Level, bool Final,
                         const std::string &Cond, const std::string &Below,
                         const std::string &Centre, unsigned Written,
                         bool Boundary) const;

  // === A ping-pong pair's boundaries (StreamedPingPong.cpp) ================
  //
  // Outside the calc range, sweep `Level` shows the boundary of the array
  // it belongs to: the input's on even sweeps, the other array's (its
  // buffer, which no launch writes there) on odd ones. A launch doing
  // fewer sweeps passes the last one through.

  /// Whether this group's points at any level reach outside the calc
  /// range: its columns along the inner axes, or the rows its levels work
  /// on along the streamed axis (rows from the first loaded one minus T
  /// lags to the last one).
  std::string edgeCondition(const StreamNames &N, int64_t Start,
                            int64_t End) const;
  /// A ping-pong pair's source: the field each sweep reads, which the
  /// pair's folded copy nest assigns the other array to.
  unsigned sweepSource() const {
    return R.Copy.Assignments.front().TargetField;
  }
  /// Whether edge groups load each level's boundary value one row ahead,
  /// as they load the input, so that the load overlaps a row's work.
  bool prefetchesBoundary() const {
    return shape().Boundary == ir::StreamShape::BoundaryRead::Prefetched;
  }
  /// Whether edge groups that read the boundary where it is used read it
  /// through cursors (N.BoundaryCursor, and the source's).
  bool boundaryThroughCursor() const {
    return shape().Boundary ==
           ir::StreamShape::BoundaryRead::AtUseThroughCursors;
  }
  /// boundaryThroughCursor(): the other array's cursor, and its advance.
  void declareBoundaryCursor(CodeWriter &W, const StreamNames &N) const;
  void advanceBoundaryCursor(CodeWriter &W, const StreamNames &N) const;
  std::string boundaryValue(const std::string &Level) const;
  /// Declares (`Declare`) or advances the prefetched boundary values, and
  /// loads those of the rows after `Row`.
  void emitBoundaryPrefetch(CodeWriter &W, const StreamNames &N,
                            const std::string &Row, bool Declare) const;
  /// The load of the boundary value that sweep `Level` shows at the point:
  /// the other array's buffer on odd sweeps, the input on even ones. With
  /// `N` and boundaryThroughCursor(), both from their cursors.
  std::string sweepBoundaryLoad(const std::string &Level,
                                const StreamNames *N = nullptr) const;
  AxisSet sweepBoundaryLoadNames(bool ThroughNames) const;
  /// `*(const float *)(A_at - 2 * level * row_bytes)`: the value at the
  /// point of level `Level`'s row, from `Cursor`, which points at the
  /// column's point `CursorShift` rows from the loop's row.
  std::string levelPointAccess(const StreamNames &N, const std::string &Cursor,
                               const std::string &Type,
                               const std::string &Level,
                               int64_t CursorShift) const;
  /// Edge groups that read the boundary where it is used (several points
  /// per work item, or T > 4): after the level is computed as in other
  /// groups (the level below passed through outside the calc range), the
  /// points outside the calc range but inside the arrays take the sweep's
  /// boundary value, one predicated load, rather than a branch of each
  /// point's select or a block per level (docs/notes/stream-shape.md,
  /// "Levels and boundaries").
  void emitPingPongBoundaryFix(CodeWriter &W, const StreamNames &N,
                               const std::string &Level) const;
  AxisSet pingPongBoundaryFixNames() const;
  /// The value emitPingPongBoundary assigns.
  std::string pingPongBoundaryValue(const StreamNames &N,
                                    const std::string &Level,
                                    const std::string &Below,
                                    const std::string &Centre) const;
  AxisSet pingPongBoundaryValueNames() const;
  void emitPingPongBoundary(CodeWriter &W, const StreamNames &N,
                            const std::string &Level, const std::string &Below,
                            const std::string &Centre) const;
};

} // namespace tilec

#endif
