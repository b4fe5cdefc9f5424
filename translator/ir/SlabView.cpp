//===- SlabView.cpp - A region cut into slabs along its slowest axis -----===//
#include "ir/SlabView.h"

namespace tilec::ir {

namespace {

/// Whether `E` uses the loop variable of axis 0, whose value a slab's
/// kernels see relative to the slab.
bool usesSlowestIndex(const Expr &E) {
  if (E.ExprKind == Expr::AxisIndex && E.AxisNumber == 0)
    return true;
  for (const ExprPtr &Operand : E.Operands)
    if (Operand && usesSlowestIndex(*Operand))
      return true;
  return false;
}

/// A new int scalar carrying a bound; its name is unique in the region.
std::string addBoundScalar(StencilRegion &R, std::string Name) {
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
  return Name;
}

} // namespace

bool spreadable(const StencilRegion &Region, std::string *Why) {
  auto No = [Why](const char *Reason) {
    if (Why)
      *Why = Reason;
    return false;
  };
  if (Region.PingPong)
    return No("a ping-pong pair of calc nests");
  if (Region.multiStage())
    return No("several stages per step");
  if (!Region.Variants.empty())
    return No("vectors picked at region entry");
  for (const Field &F : Region.Fields)
    if (!F.ComponentExtents.empty())
      return No("a field with components, whose slabs are not contiguous");
  for (const Statement &S : Region.Update)
    if ((S.Value && usesSlowestIndex(*S.Value)) ||
        (S.Target && usesSlowestIndex(*S.Target)))
      return No("an update that uses the slowest axis's loop variable");
  return true;
}

SlabHalo slabHalo(const StencilRegion &Region) {
  Halo Reach = Region.calcReach();
  int64_t T = Region.Map.TimeBlock;
  return {Reach.Minus[0] * T, Reach.Plus[0] * T};
}

StencilRegion slabView(const StencilRegion &Region) {
  StencilRegion R = Region;
  R.Name += "_slab";
  R.Slab = true;
  Axis &X = R.Axes[0];
  if (!X.runTimeExtent())
    X.ExtentText = "tilec_slab_rows"; /* any text: it marks the extent */
  // The envelope the launches cover; kernels test the slab's own range.
  Halo Reach = R.calcReach();
  std::string Var = X.LoopVariable;
  if (X.LowerScalar.empty()) {
    X.LowerScalar = addBoundScalar(R, "tilec_" + Var + "_lower");
    X.Lower = Reach.Minus[0];
  }
  if (X.UpperScalar.empty()) {
    X.UpperScalar = addBoundScalar(R, "tilec_" + Var + "_upper");
    X.Upper = X.Extent - Reach.Plus[0];
  }
  CopyNest &C = R.Copy;
  if (C.Present && C.Strategy == CopyStrategy::Kernel) {
    if (C.LowerScalar[0].empty()) {
      C.LowerScalar[0] = addBoundScalar(R, "tilec_copy_" + Var + "_lower");
      C.Lower[0] = 0;
    }
    if (C.UpperScalar[0].empty()) {
      C.UpperScalar[0] = addBoundScalar(R, "tilec_copy_" + Var + "_upper");
      C.Upper[0] = X.Extent;
    }
  }
  return R;
}

} // namespace tilec::ir
