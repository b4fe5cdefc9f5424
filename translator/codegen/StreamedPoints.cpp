//===- StreamedPoints.cpp - Several points per streaming work item -------===//
//
// The 3D streaming kernel with Mapping::StreamPoints = P > 1: each work item
// computes P adjacent points along y, and reads of the level below at a y
// offset inside its points come from that point's registers.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <cstdint>
#include <cstdlib>

namespace tilec {

using namespace ir;

void StreamedKernel::openPoints(CodeWriter &W, const StreamNames &N, bool GridY,
                                bool GroupY) const {
  if (!severalPoints())
    return;
  const Mapping &M = R.Map;
  W.line("#pragma unroll");
  W.open("for (int " + N.Point + " = 0; " + N.Point + " < " +
         std::to_string(M.StreamPoints) + "; " + N.Point + "++)");
  if (GroupY)
    W.line("const int " + N.Coord[1] + " = " + N.FirstCoord + " + " + N.Point +
           ";");
  if (GridY)
    W.line("const " + R.Axes[1].LoopVariableType + " " +
           R.Axes[1].LoopVariable + " = " + N.FirstY + " + " + N.Point + ";");
  if (GroupY && usesRingPointers())
    declareRingPointers(W, N);
}

void StreamedKernel::closePoints(CodeWriter &W) const {
  if (severalPoints())
    W.close();
}

void StreamedKernel::emitInPoints(
    CodeWriter &W, const StreamNames &N, bool GridY, bool GroupY,
    const std::function<void(CodeWriter &)> &Body) const {
  openPoints(W, N, GridY, GroupY);
  Body(W);
  closePoints(W);
}

void StreamedKernel::declarePointColumns(CodeWriter &W,
                                         const StreamNames &N) const {
  if (!severalPoints())
    return;
  if (splitsColumnTests()) {
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

std::string
StreamedKernel::ownNeighbour(const StreamNames &N, unsigned Field,
                             const std::string &Below,
                             const std::array<int64_t, MaxAxes> &Offsets,
                             const std::string &Elsewhere) const {
  const Mapping &M = R.Map;
  int64_t Dy = Offsets[1];
  if (!severalPoints() || Offsets[2] != 0 || Dy == 0 ||
      std::abs(Dy) >= M.StreamPoints)
    return "";
  // Point p + dy's registers hold the level below at the same rows.
  std::string Neighbour =
      N.Point + (Dy < 0 ? " - " : " + ") + std::to_string(std::abs(Dy));
  std::string Mine =
      Dy < 0 ? N.Point + " >= " + std::to_string(-Dy)
             : N.Point + " < " + std::to_string(M.StreamPoints - Dy);
  return "(" + Mine + " ? " + N.WindowArray.at(Field) + "[" + Neighbour + "][" +
         Below + "][" + std::to_string(M.HaloMinus[0] + Offsets[0]) +
         "] : " + Elsewhere + ")";
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
