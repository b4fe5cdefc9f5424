//===- StreamedColumns.cpp - Where the streaming kernel's column lies ----===//
//
// The tests of a work item's (or point's) column: inside the arrays,
// inside the calc range, owned by the group. With several points or
// run-time extents they are computed once before the row loop, as flags,
// one place number per point, or a place along x (StreamShape::Columns);
// the calc-range and ownership tests of a level's point combine them with
// its row's.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

namespace tilec {

using namespace ir;

void StreamedKernel::declarePointColumns(CodeWriter &W,
                                         const StreamNames &N) const {
  if (!severalPoints())
    return;
  if (splitsColumnTests()) {
    declareColumnAlongX(W, N);
    return;
  }
  std::string Points = "[" + std::to_string(R.Map.StreamPoints) + "]";
  if (placesColumns())
    W.line("/* Per point, where its column lies: 0 owned by the group, 1 in "
           "the calc range, 2 in the arrays, 3 outside them; tested once, "
           "not in every row. */");
  else
    W.line("/* Per point: its column lies inside the arrays, inside the calc "
           "range, and the group owns it; tested once, not in every row. */");
  W.line(placesColumns()
             ? "int " + N.ColumnWhere + Points + ";"
             : "int " + N.ColumnInside + Points + ", " + N.ColumnInRange +
                   Points + ", " + N.ColumnOwned + Points + ";");
  W.line("#pragma unroll");
  W.open("for (int " + N.Point + " = 0; " + N.Point + " < " +
         std::to_string(R.Map.StreamPoints) + "; " + N.Point + "++)");
  std::string Owned = ownedColumn(N);
  if (!ownedAlong(1, N.Coord[1]).empty())
    W.line("const int " + N.Coord[1] + " = " + N.FirstCoord + " + " + N.Point +
           ";");
  W.line("const " + R.Axes[1].LoopVariableType + " " + R.Axes[1].LoopVariable +
         " = " + N.FirstY + " + " + N.Point + ";");
  std::string InRange;
  for (unsigned A = 1; A < R.dims(); ++A)
    InRange += (A > 1 ? " && " : "") + inAxisRange(A);
  std::string Point = "[" + N.Point + "]";
  if (placesColumns()) {
    // The calc range lies inside the arrays, so each place is inside the
    // next. ownedColumn() is a run of ` && ` tests.
    W.line(N.ColumnWhere + Point + " = !(" + insideGrid(1, R.dims()) +
           ") ? 3 : !(" + InRange + ") ? 2 : " +
           (Owned.empty() ? "0" : "!(" + Owned.substr(4) + ") ? 1 : 0") + ";");
  } else {
    W.line(N.ColumnInside + Point + " = " + insideGrid(1, R.dims()) + ";");
    W.line(N.ColumnInRange + Point + " = " + InRange + ";");
    W.line(N.ColumnOwned + Point + " = " + N.ColumnInRange + Point + Owned +
           ";");
  }
  W.close();
}

void StreamedKernel::declareColumnAlongX(CodeWriter &W,
                                         const StreamNames &N) const {
  // The calc range lies inside the arrays, so each place is inside the
  // next; the points share the work item's x.
  std::string Owned;
  for (unsigned A = 2; A < R.dims(); ++A)
    Owned += ownedAlong(A, N.Coord[A]);
  std::string InRange;
  for (unsigned A = 2; A < R.dims(); ++A)
    InRange += (A > 2 ? " && " : "") + inAxisRange(A);
  W.line("/* Where the work item's column lies along x: 0 owned by the "
         "group, 1 in the calc range, 2 in the arrays, 3 outside them; "
         "each point adds its y where it is tested. */");
  W.line("const int " + N.ColumnX + " = !(" + insideGrid(2, R.dims()) +
         ") ? 3 : !(" + InRange + ") ? 2 : " +
         (Owned.empty() ? "0" : "!(" + Owned.substr(4) + ") ? 1 : 0") + ";");
}

std::string StreamedKernel::columnIs(const StreamNames &N,
                                     ColumnPlace Place) const {
  if (placesColumns()) {
    std::string Where = N.ColumnWhere + "[" + N.Point + "]";
    switch (Place) {
    case ColumnPlace::Inside:
      return Where + " < 3";
    case ColumnPlace::InRange:
      return Where + " < 2";
    case ColumnPlace::Owned:
      return Where + " == 0";
    }
  }
  if (splitsColumnTests()) {
    // The point's y, as an expression: the loops that test it need not
    // declare it.
    Axis Y = R.Axes[1];
    Y.LoopVariable = "(" + N.FirstY + " + " + N.Point + ")";
    switch (Place) {
    case ColumnPlace::Inside:
      return "(" + N.ColumnX + " < 3 && (unsigned)" + Y.LoopVariable +
             " < (unsigned)" + R.extentName(1) + ")";
    case ColumnPlace::InRange:
      return "(" + N.ColumnX + " < 2 && " + rangeTest(Y) + ")";
    case ColumnPlace::Owned: {
      // Outside the group's rim along y, as one unsigned comparison.
      Axis Rim;
      Rim.LoopVariable = "(" + N.FirstCoord + " + " + N.Point + ")";
      Rim.Lower = R.Map.StreamRimMinus[1];
      Rim.Upper = R.Map.streamSpan(1) - R.Map.StreamRimPlus[1];
      return "(" + N.ColumnX + " == 0 && " + rangeTest(Y) + " && " +
             rangeTest(Rim) + ")";
    }
    }
  }
  std::string Point = severalPoints() ? "[" + N.Point + "]" : "";
  switch (Place) {
  case ColumnPlace::Inside:
    return N.ColumnInside + Point;
  case ColumnPlace::InRange:
    return N.ColumnInRange + Point;
  case ColumnPlace::Owned:
    break;
  }
  return N.ColumnOwned + Point;
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

StreamedKernel::AxisSet StreamedKernel::inAxisRangeNames(unsigned A) const {
  const Axis &X = R.Axes[A];
  bool Empty =
      X.LowerScalar.empty() && X.UpperScalar.empty() && X.Upper <= X.Lower;
  return Empty ? AxisSet() : axesFrom(A, A + 1);
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

StreamedKernel::AxisSet StreamedKernel::ownedPointNames() const {
  // The row's test names axis 0; ownedColumn() and columnIs() name none.
  AxisSet Names = axesFrom(0, 1);
  if (Copy == LoopCopy::General && !severalPoints())
    Names |= inCalcRangeOfColumnNames();
  return Names;
}

} // namespace tilec
