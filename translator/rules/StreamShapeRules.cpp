//===- StreamShapeRules.cpp - How the streaming kernel is shaped ---------===//
//
// Each rule below says in a line why it holds; docs/notes/stream-shape.md
// has the measurements.
//
//===----------------------------------------------------------------------===//
#include "rules/StreamShapeRules.h"

#include "ir/SlabView.h"

#include <algorithm>
#include <limits>

namespace tilec {

using namespace ir;

int64_t doubleRowsRegisterCap(const DoubleRowsFacts &F, int64_t Cap) {
  bool Applies = F.Dims == 2 && !F.RunTimeStrides && !F.MultiStage &&
                 !F.Reduction && !F.PingPong && F.TiledFields == 1 &&
                 F.ReadsOneField && F.TiledElementBytes == 8 &&
                 F.StreamedReach <= DoubleRows2DMaxReach && F.T > 1 &&
                 F.T <= DoubleRows2DMaxSteps &&
                 F.GroupSize <= DoubleRows2DMaxGroup;
  return Applies ? Cap : 0;
}

namespace {

/// Whether the calc reads a single array (the one the kernel stages).
bool readsOneField(const StencilRegion &R) {
  return std::count_if(R.Fields.begin(), R.Fields.end(),
                       [](const Field &F) { return F.ReadInCalc; }) == 1;
}

/// Whether `E` reads no field but `Field`.
bool readsOnly(const Expr &E, unsigned Field) {
  if (E.ExprKind == Expr::FieldAccess && E.FieldIndex != Field)
    return false;
  for (const ExprPtr &Operand : E.Operands)
    if (Operand && !readsOnly(*Operand, Field))
      return false;
  return true;
}

/// The rules read these facts of the kernel again and again.
struct Kernel {
  const StencilRegion &R;
  const Mapping &M;
  const StreamRegisterCaps &Caps;
  bool SeveralPoints;
  bool ByteCursors;
};

/// Groups whose every level lies in the calc range run a copy of the row
/// loop without any test.
bool copiesTestFreeLoop(const Kernel &K) {
  const StencilRegion &R = K.R;
  // In 3D the several points' copy spilled under their register cap, and
  // with one row per trip it still lost in CUDA.
  if (R.dims() == 3 && K.SeveralPoints)
    return false;
  // With run-time extents in 2D ptxas gives the kernel with the copy far
  // more registers than either copy needs: only the kernels that hold
  // under RunTimeRowsRegisterCap keep it (floats, one sweep, few steps).
  if (R.dims() == 2 && K.ByteCursors)
    return !R.PingPong && R.widestElementBytes() == 4 &&
           K.M.TimeBlock <= RunTimeRowsInteriorMaxSteps;
  return true;
}

/// The registers per work item the kernel is built for, 0 for the
/// compiler's choice.
int64_t registerCap(const Kernel &K, bool InteriorCopy) {
  const StencilRegion &R = K.R;
  const Mapping &M = K.M;
  // Several points: the cap the search counts with too; with run-time
  // extents the distances need more, which small groups can afford.
  if (K.SeveralPoints)
    return R.runTimeStrides() && !R.PingPong &&
                   M.workGroupSize() <= RunTimePointsMaxGroup
               ? K.Caps.RunTimePoints
               : K.Caps.SeveralPoints;
  // The 2D kernel of run-time extents with its interior copy: up to
  // RunTimeRowsUncappedSteps it needs no cap, and one would let ptxas take
  // all of it.
  if (R.dims() == 2 && K.ByteCursors && InteriorCopy &&
      M.TimeBlock > RunTimeRowsUncappedSteps)
    return K.Caps.RunTimeRows;
  DoubleRowsFacts F;
  F.Dims = R.dims();
  F.RunTimeStrides = R.runTimeStrides();
  F.MultiStage = R.multiStage();
  F.Reduction = R.Reduce.has_value();
  F.PingPong = R.PingPong;
  F.TiledFields = M.TiledFields.size();
  F.ReadsOneField = readsOneField(R);
  F.TiledElementBytes =
      M.TiledFields.empty() ? 0 : elementBytes(R.Fields[M.TiledFields[0]].Type);
  F.StreamedReach = M.HaloMinus[0] + M.HaloPlus[0];
  F.T = M.TimeBlock;
  F.GroupSize = M.workGroupSize();
  return doubleRowsRegisterCap(F, K.Caps.DoubleRows);
}

/// Rows per trip of the row loop: two let the next row's loads start
/// earlier; three in a single-stage 2D kernel of few steps turn its
/// window's shifts into renamed registers; one where several points with
/// run-time extents would spill under their cap.
int64_t rowsPerTrip(const Kernel &K) {
  if (K.ByteCursors && K.SeveralPoints)
    return 1;
  bool ThreeRows =
      K.R.dims() == 2 && !K.R.PingPong && K.M.TimeBlock <= ThreeRowsMaxSteps;
  return ThreeRows ? 3 : 2;
}

/// How edge groups of a ping-pong pair read each sweep's boundary: a row
/// ahead where the registers allow (one point, few steps), else where it
/// is used, through byte cursors where the indexes would cost a 64-bit
/// product per row and level.
StreamShape::BoundaryRead boundaryRead(const Kernel &K) {
  const int64_t T = K.M.TimeBlock;
  if (!K.R.PingPong || T < 2)
    return StreamShape::BoundaryRead::None;
  if (T <= PrefetchedBoundaryMaxSteps && !K.SeveralPoints)
    return StreamShape::BoundaryRead::Prefetched;
  if (K.ByteCursors && !K.SeveralPoints)
    return StreamShape::BoundaryRead::AtUseThroughCursors;
  return StreamShape::BoundaryRead::AtUse;
}

/// Where the column tests are computed: once, where the kernel has several
/// points or run-time extents; as one place number per point in a pair's
/// edge groups, which then compare once per point and level; split into a
/// place along x and y tests where used with run-time extents, where nvcc
/// would otherwise recompute each flag in every row.
StreamShape::ColumnTests columnTests(const Kernel &K) {
  if (K.SeveralPoints && K.R.PingPong && K.M.TimeBlock > 1)
    return StreamShape::ColumnTests::Placed;
  if (K.SeveralPoints && K.ByteCursors)
    return StreamShape::ColumnTests::SplitXY;
  if (K.SeveralPoints || K.ByteCursors)
    return StreamShape::ColumnTests::Hoisted;
  return StreamShape::ColumnTests::PerUse;
}

/// Several points with constant extents in 3D index each array from one
/// int index of the first point, so that nvcc does not recompute every
/// access from the block index in each row; only where every index fits an
/// int. Pairs keep their own indexing.
bool indexesFromColumn(const Kernel &K) {
  const StencilRegion &R = K.R;
  if (R.dims() != 3 || !K.SeveralPoints || K.ByteCursors || R.PingPong ||
      R.hasComponentFields())
    return false;
  // Every index must fit an int: the grid's rows and those the levels
  // reach beyond them, the points' lines and their neighbours'.
  const Mapping &M = K.M;
  std::optional<int64_t> Rows = constantRowCount(R);
  int64_t Line = R.Axes[2].Extent, Plane = R.Axes[1].Extent * Line;
  int64_t Reach = M.HaloMinus[0] + M.HaloPlus[0];
  int64_t Lines = M.StreamPoints + M.HaloMinus[1] + M.HaloPlus[1] + 1;
  return Rows && (*Rows + Reach * M.TimeBlock + 1) * Plane + Lines * Line <=
                     std::numeric_limits<int32_t>::max();
}

/// The field written by an update that, past level 1, reads nothing but
/// one streamed field's registers and ring (and scalars): such a level can
/// compute its value in every work item and select it, which the compiler
/// predicates instead of branching around the arithmetic. None when the
/// update reads other fields, writes several, or updates in place.
std::optional<unsigned> selectedField(const Kernel &K) {
  const StencilRegion &R = K.R;
  const Mapping &M = K.M;
  if (M.TiledFields.size() != 1 || R.Copy.Assignments.size() != 1 || R.Reduce)
    return std::nullopt;
  unsigned Source = M.TiledFields.front();
  const CopyAssignment &C = R.Copy.Assignments.front();
  unsigned Written = C.ValueField;
  if (C.TargetField != Source || Written == Source)
    return std::nullopt;
  for (const Statement &S : R.Update) {
    const Expr &T = *S.Target;
    if (T.ExprKind == Expr::FieldAccess &&
        (T.FieldIndex != Written || S.Operator != "="))
      return std::nullopt;
    if (T.ExprKind == Expr::ReductionRef)
      return std::nullopt;
    if (S.Value && !readsOnly(*S.Value, Source))
      return std::nullopt;
  }
  return Written;
}

} // namespace

StreamShape decideStreamShape(const StencilRegion &R,
                              const TargetTraits &Target) {
  const Mapping &M = R.Map;
  // Byte cursors: with extents known only at run time, indexing each
  // access from its coordinates doubled the instructions.
  Kernel K{R, M, Target.StreamCaps, M.StreamPoints > 1,
           R.runTimeStrides() && !R.hasComponentFields()};
  StreamShape S;
  S.ByteCursors = K.ByteCursors;
  // In 2D level 1's neighbours are points away from one row pointer either
  // way, and a cursor at level 1's row costs registers enough to lose a
  // group per SM; in 3D most accesses are then a fixed distance away.
  S.CursorsAtFirstLevel = K.ByteCursors && R.dims() == 3;
  S.InteriorCopy = copiesTestFreeLoop(K);
  // With run-time extents and several points nvcc recomputes the per-point
  // column tests in every row: groups whose columns all lie in the calc
  // range run a copy without them.
  S.ColumnsInRangeCopy = K.ByteCursors && K.SeveralPoints && !R.PingPong;
  // Only a kernel that states its cap has one; OpenCL's build bound is
  // BuildRegisterCap.
  S.RegisterCap = Target.StatesRegisterCaps && Target.knowsCudaRegisters()
                      ? registerCap(K, S.InteriorCopy)
                      : 0;
  S.RowsPerTrip = rowsPerTrip(K);
  S.Boundary = boundaryRead(K);
  S.Columns = columnTests(K);
  S.ColumnIndex = indexesFromColumn(K);
  S.RingPointer = M.TimeBlock > 1 && Target.ringsThroughPointer(R.dims());
  S.SelectedField = selectedField(K);
  // Only NVIDIA's OpenCL compiler takes the bound; the host asks for it
  // where the platform lists the option.
  bool Bounded =
      Target.Language == Target::OpenCL &&
      openCLBoundsRegisters(M.StreamPoints, R.widestElementBytes()) &&
      !R.runTimeStrides();
  S.BuildRegisterCap = Bounded ? Target.OpenCLBuildRegisters : 0;
  return S;
}

} // namespace tilec
