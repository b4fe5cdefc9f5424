//===- SlabView.cpp - A region cut into slabs along its slowest axis -----===//
#include "ir/SlabView.h"

#include <algorithm>

namespace tilec::ir {

namespace {

/// A new int scalar carrying a slab's value; its name is unique in the
/// region. Returns its index in R.Scalars.
unsigned addSlabScalar(StencilRegion &R, std::string Name) {
  bool Taken = true;
  while (Taken) {
    Taken = false;
    for (const CapturedScalar &S : R.Scalars)
      Taken |= S.Name == Name;
    if (Taken)
      Name += "_";
  }
  CapturedScalar S;
  S.Name = Name;
  S.Type = ScalarType::Int;
  R.Scalars.push_back(S);
  return static_cast<unsigned>(R.Scalars.size() - 1);
}

/// Whether `E` uses the loop variable of axis 0, whose value a slab's
/// kernels see relative to the slab's first row.
bool usesSlowestIndex(const Expr &E) {
  if (E.ExprKind == Expr::AxisIndex && E.AxisNumber == 0)
    return true;
  for (const ExprPtr &Operand : E.Operands)
    if (Operand && usesSlowestIndex(*Operand))
      return true;
  return false;
}

bool usesSlowestIndex(const std::vector<Statement> &Update) {
  for (const Statement &S : Update)
    if ((S.Value && usesSlowestIndex(*S.Value)) ||
        (S.Target && usesSlowestIndex(*S.Target)))
      return true;
  return false;
}

/// Rewrites each use of axis 0's loop variable in `E` as `(v + Origin)`:
/// the global row of a slab-local one.
void addOrigin(ExprPtr &E, const std::string &Origin) {
  if (!E)
    return;
  if (E->ExprKind == Expr::AxisIndex && E->AxisNumber == 0) {
    ExprPtr Sum = Expr::make(Expr::Binary, "+");
    Sum->Operands.push_back(std::move(E));
    Sum->Operands.push_back(Expr::make(Expr::ScalarRef, Origin));
    E = Expr::make(Expr::Paren);
    E->Operands.push_back(std::move(Sum));
    return;
  }
  for (ExprPtr &Operand : E->Operands)
    addOrigin(Operand, Origin);
}

void addOrigin(std::vector<Statement> &Update, const std::string &Origin) {
  for (Statement &S : Update)
    addOrigin(S.Value, Origin);
}

/// Axis 0's reach of one stage: the farthest its reads go along axis 0.
Halo stageReach(const Stage &S) {
  Halo H;
  for (const FieldUse &U : S.Uses) {
    H.Minus[0] = std::max(H.Minus[0], U.Reads.Minus[0]);
    H.Plus[0] = std::max(H.Plus[0], U.Reads.Plus[0]);
  }
  return H;
}

/// A fresh int scalar for a bound along axis 0: each slab passes its own
/// value, computed from the region's (a constant or a user's bound, which
/// may also bound other axes and so keeps its own scalar).
std::string slabBound(StencilRegion &R, const std::string &Name) {
  return R.Scalars[addSlabScalar(R, Name)].Name;
}

/// Gives stage `Index`'s range along axis 0 bounds of the slab's own,
/// spanning at most what its reads allow in the slab.
void slabStageRange(StencilRegion &R, unsigned Index) {
  Stage &St = R.Stages[Index];
  // A stage with an empty range has no functions, nor has its slab's.
  if (St.points(R.dims()) == 0)
    return;
  const std::string &Var = R.Axes[0].LoopVariable;
  std::string Suffix = "_" + std::to_string(Index + 1);
  bool Copy = St.StageKind == Stage::Copy;
  Halo Reach = stageReach(St);
  St.Fixed[0] = false; // a boundary plane lies in one slab, or in none
  St.LowerScalar[0] = St.LowerText[0] =
      slabBound(R, "tilec_" + Var + "_lower" + Suffix);
  St.UpperScalar[0] = St.UpperText[0] =
      slabBound(R, "tilec_" + Var + "_upper" + Suffix);
  St.Lower[0] = Copy ? 0 : Reach.Minus[0];
  St.Upper[0] = R.Axes[0].Extent - (Copy ? 0 : Reach.Plus[0]);
  for (unsigned I = 0; I < R.Scalars.size(); ++I)
    if (R.Scalars[I].Name == St.LowerScalar[0] ||
        R.Scalars[I].Name == St.UpperScalar[0])
      St.Scalars.push_back(I);
}

} // namespace

int64_t slabTimeBlock(const StencilRegion &Region) {
  int64_t T = Region.Map.TimeBlock;
  for (const StencilRegion::Variant &V : Region.Variants)
    T = std::max(T, V.Map.TimeBlock);
  if (Region.SameBoundaryMap)
    T = std::max(T, Region.SameBoundaryMap->TimeBlock);
  return T;
}

SlabHalo slabHalo(const StencilRegion &Region) {
  if (Region.multiStage()) {
    // Unfused stages exchange after each one; a fused launch runs every
    // stage of up to T steps, the reads of each adding to the last's.
    SlabHalo Widest = slabWindow(Region);
    if (!Region.Map.fused())
      return Widest;
    // Every stage computes the rows of one window, the widest reach in
    // from the slab's ends (slabWindow): the first stage of a launch may
    // lose that many rows, each later one its own reach.
    SlabHalo H;
    for (const Stage &S : Region.Stages) {
      Halo Reach = stageReach(S);
      H.Below += Reach.Minus[0];
      H.Above += Reach.Plus[0];
    }
    return {H.Below * Region.Map.TimeBlock + Widest.Below,
            H.Above * Region.Map.TimeBlock + Widest.Above};
  }
  Halo Reach = Region.calcReach();
  int64_t T = slabTimeBlock(Region);
  return {Reach.Minus[0] * T, Reach.Plus[0] * T};
}

std::vector<unsigned> slabExchangedFields(const StencilRegion &R,
                                          int StageIndex) {
  std::vector<unsigned> Written;
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    bool Writes = false;
    if (StageIndex >= 0) {
      Writes = R.Stages[StageIndex].Uses[I].Written;
    } else if (R.multiStage()) {
      for (const Stage &St : R.Stages)
        Writes |= St.Uses[I].Written;
    } else if (R.PingPong && R.Map.TimeBlock > 1) {
      // A launch leaves its last sweep in either array's buffer.
      Writes = R.Fields[I].Role != FieldRole::ReadOnly;
    } else {
      Writes = R.Fields[I].WrittenInCalc;
      for (const CopyAssignment &C : R.Copy.Assignments)
        Writes |= C.TargetField == I && R.Copy.Strategy == CopyStrategy::Kernel;
    }
    if (Writes)
      Written.push_back(I);
  }
  return Written;
}

std::string slabSingleLaunchReason(const StencilRegion &R) {
  // A launch in parts writes a window of rows: a streaming kernel's groups
  // walk chunks of rows along axis 0, and each computes on chip the rows
  // around its chunk that the window's later steps need.
  if (R.multiStage())
    return "stages are not launched in parts yet";
  if (R.Reduce)
    return "a reduction's partial results come from one launch";
  if (!R.Map.streams())
    return "only streaming kernels write a window of rows";
  for (const StencilRegion::Variant &V : R.Variants)
    if (!V.Map.streams())
      return "not every vector enter() may pick streams, and only streaming "
             "kernels write a window of rows";
  if (R.calcPoints() == 0)
    return "the calc range is empty";
  return "";
}

SlabHalo slabWindow(const StencilRegion &Region) {
  SlabHalo W;
  for (const Stage &S : Region.Stages) {
    Halo Reach = stageReach(S);
    W.Below = std::max(W.Below, Reach.Minus[0]);
    W.Above = std::max(W.Above, Reach.Plus[0]);
  }
  return W;
}

std::string slabOriginName(const StencilRegion &Slab) {
  for (const CapturedScalar &S : Slab.Scalars)
    if (S.Name.rfind("tilec_" + Slab.Axes[0].LoopVariable + "_origin", 0) == 0)
      return S.Name;
  return "";
}

/// Marks axis 0's extent of a slab view whose grid's extent is a constant.
static const char SlabRowsText[] = "tilec_slab_rows";

std::optional<int64_t> constantRowCount(const StencilRegion &Region) {
  const Axis &X = Region.Axes[0];
  if (!X.runTimeExtent() || (Region.Slab && X.ExtentText == SlabRowsText))
    return X.Extent;
  return std::nullopt;
}

StencilRegion slabView(const StencilRegion &Region) {
  StencilRegion R = Region;
  R.Name += "_slab";
  R.Slab = true;
  Axis &X = R.Axes[0];
  if (!X.runTimeExtent())
    X.ExtentText = SlabRowsText; /* any text: it marks the extent */
  const std::string &Var = X.LoopVariable;
  // Updates that use the slowest loop variable get the slab's first row;
  // so do the fused kernels' stage ranges, which stay global.
  bool Fused = R.multiStage() && R.Map.fused();
  bool Origin = Fused || usesSlowestIndex(R.Update);
  for (const Stage &S : R.Stages)
    Origin |= usesSlowestIndex(S.Update);
  if (Origin) {
    unsigned I = addSlabScalar(R, "tilec_" + Var + "_origin");
    std::string Name = R.Scalars[I].Name;
    addOrigin(R.Update, Name);
    for (Stage &S : R.Stages)
      if (usesSlowestIndex(S.Update)) {
        addOrigin(S.Update, Name);
        S.Scalars.push_back(I);
      }
  }
  if (Fused) {
    // One window of rows for every stage (slabWindow), the box the whole
    // slab: three scalars instead of a bound pair per stage. (Both ran
    // fdtd2d's fused streaming kernel in the same time on an H100; neither
    // recovers the whole-grid kernel's, docs/performance.md.)
    X.Lower = 0;
    X.Upper = X.Extent;
    X.LowerScalar = X.LowerText = slabBound(R, "tilec_" + Var + "_lower");
    X.UpperScalar = X.UpperText = slabBound(R, "tilec_" + Var + "_upper");
    return R;
  }
  for (unsigned S = 0; S < R.Stages.size(); ++S)
    slabStageRange(R, S);
  // The envelope the launches cover; kernels test the slab's own range.
  // A multi-stage region's box is the whole slab, its stages' ranges
  // follow the slab.
  Halo Reach = R.calcReach();
  if (R.multiStage()) {
    X.Lower = 0;
    X.Upper = X.Extent;
    X.LowerText = X.UpperText = X.LowerScalar = X.UpperScalar = "";
    return R;
  }
  // An empty calc range has no calc function, nor has the slab's.
  if (R.calcPoints() > 0) {
    X.LowerScalar = X.LowerText = slabBound(R, "tilec_" + Var + "_lower");
    X.UpperScalar = X.UpperText = slabBound(R, "tilec_" + Var + "_upper");
    X.Lower = Reach.Minus[0];
    X.Upper = X.Extent - Reach.Plus[0];
  }
  if (slabSingleLaunchReason(Region).empty())
    R.LaunchParts =
        StencilRegion::RowWindow{slabBound(R, "tilec_" + Var + "_first"),
                                 slabBound(R, "tilec_" + Var + "_end")};
  CopyNest &C = R.Copy;
  bool EmptyCopy = false;
  for (unsigned A = 0; A < R.dims(); ++A)
    EmptyCopy |= C.Upper[A] <= C.Lower[A];
  if (R.PingPong) {
    // The second sweep of each step has the first's range.
    C.LowerScalar[0] = X.LowerScalar;
    C.UpperScalar[0] = X.UpperScalar;
    C.Lower[0] = X.Lower;
    C.Upper[0] = X.Upper;
  } else if (C.Present && C.Strategy == CopyStrategy::Kernel && !EmptyCopy) {
    C.LowerScalar[0] = C.LowerText[0] =
        slabBound(R, "tilec_copy_" + Var + "_lower");
    C.UpperScalar[0] = C.UpperText[0] =
        slabBound(R, "tilec_copy_" + Var + "_upper");
    C.Lower[0] = 0;
    C.Upper[0] = X.Extent;
  }
  return R;
}

} // namespace tilec::ir
