//===- PingPong.cpp - Two sweeps per step as one sweep twice -------------===//
#include "transforms/PingPong.h"

#include <map>

namespace tilec {

using namespace ir;

namespace {

/// `A` and `B` are the same tree once fields are renamed by `Rename`.
bool sameExpr(const Expr &A, const Expr &B,
              const std::map<unsigned, unsigned> &Rename) {
  if (A.ExprKind != B.ExprKind || A.Text != B.Text ||
      A.Components != B.Components || A.Offsets != B.Offsets ||
      A.AxisNumber != B.AxisNumber || A.Operands.size() != B.Operands.size())
    return false;
  if (A.ExprKind == Expr::FieldAccess) {
    auto It = Rename.find(A.FieldIndex);
    unsigned Expected = It == Rename.end() ? A.FieldIndex : It->second;
    if (B.FieldIndex != Expected)
      return false;
  }
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (!sameExpr(*A.Operands[I], *B.Operands[I], Rename))
      return false;
  return true;
}

bool sameStatement(const Statement &A, const Statement &B,
                   const std::map<unsigned, unsigned> &Rename) {
  auto Same = [&](const ExprPtr &X, const ExprPtr &Y) {
    return (!X && !Y) || (X && Y && sameExpr(*X, *Y, Rename));
  };
  return A.Operator == B.Operator && A.DeclaredType == B.DeclaredType &&
         Same(A.Target, B.Target) && Same(A.Value, B.Value);
}

/// The one field a stage writes, if it writes exactly one.
std::optional<unsigned> onlyWrite(const Stage &S) {
  std::optional<unsigned> Found;
  for (unsigned F = 0; F < S.Uses.size(); ++F)
    if (S.Uses[F].Written) {
      if (Found)
        return std::nullopt;
      Found = F;
    }
  return Found;
}

} // namespace

std::string pingPongBlocker(const StencilRegion &R) {
  if (R.Stages.size() != 2)
    return "not two stages";
  const Stage &First = R.Stages[0], &Second = R.Stages[1];
  if (First.StageKind != Stage::Calc || Second.StageKind != Stage::Calc)
    return "a stage is a copy nest";
  if (R.Body.size() != 2)
    return "the time loop holds more than the two nests";
  for (unsigned A = 0; A < R.dims(); ++A)
    if (First.Fixed[A] || Second.Fixed[A] ||
        First.Lower[A] != Second.Lower[A] ||
        First.Upper[A] != Second.Upper[A] ||
        First.LowerScalar[A] != Second.LowerScalar[A] ||
        First.UpperScalar[A] != Second.UpperScalar[A])
      return "the stages' ranges differ";
  std::optional<unsigned> B = onlyWrite(First), A = onlyWrite(Second);
  if (!A || !B || *A == *B)
    return "each stage must write one array, a different one";
  if (!R.Fields[*A].ComponentExtents.empty() ||
      R.Fields[*A].Type != R.Fields[*B].Type)
    return "the two arrays differ in shape or type";
  if (First.Uses[*B].Read || Second.Uses[*A].Read || !First.Uses[*A].Read)
    return "the first stage must read only A, the second only B";
  for (const CapturedScalar &S : R.Scalars)
    if (!S.PerStepExpression.empty())
      return "a stage reads a per-step table";
  if (First.Scalars != Second.Scalars ||
      First.Update.size() != Second.Update.size())
    return "the stages' updates differ";
  std::map<unsigned, unsigned> Rename = {{*A, *B}, {*B, *A}};
  for (size_t I = 0; I < First.Update.size(); ++I)
    if (!sameStatement(First.Update[I], Second.Update[I], Rename))
      return "the stages' updates differ";
  return "";
}

const TimeLoopItem *pointerRotation(const StencilRegion &R) {
  for (const TimeLoopItem &Item : R.Body)
    if (Item.ItemKind == TimeLoopItem::PointerRotation)
      return &Item;
  return nullptr;
}

void foldPointerRotation(StencilRegion &R) {
  const TimeLoopItem Rotation = *pointerRotation(R);
  unsigned A = Rotation.RotatedTo, B = Rotation.RotatedFrom;
  for (unsigned F = 0; F < R.Fields.size(); ++F)
    R.Fields[F].Role = F == A   ? FieldRole::Source
                       : F == B ? FieldRole::Destination
                                : FieldRole::ReadOnly;
  R.Copy = CopyNest();
  R.Copy.Present = true;
  for (unsigned Ax = 0; Ax < R.dims(); ++Ax) {
    const Axis &X = R.Axes[Ax];
    R.Copy.Lower[Ax] = X.Lower;
    R.Copy.Upper[Ax] = X.Upper;
    R.Copy.LowerText[Ax] = X.LowerText;
    R.Copy.UpperText[Ax] = X.UpperText;
    R.Copy.LowerScalar[Ax] = X.LowerScalar;
    R.Copy.UpperScalar[Ax] = X.UpperScalar;
  }
  R.Copy.Assignments.push_back({A, {}, B, {}});
  // The counter's step stays: the call site's loop counts with it.
  std::vector<TimeLoopItem> Body = {{TimeLoopItem::Calc, "", 0},
                                    {TimeLoopItem::Copy, "", 0}};
  for (const TimeLoopItem &Item : R.Body)
    if (Item.CounterStep)
      Body.push_back(Item);
  R.Body = std::move(Body);
  R.SweepsPerStep = 1;
  R.RotationText = Rotation.HostText;
  R.PingPong = true;
}

void foldPingPong(StencilRegion &R) {
  Stage First = R.Stages[0];
  unsigned B = *onlyWrite(R.Stages[0]), A = *onlyWrite(R.Stages[1]);
  for (unsigned Ax = 0; Ax < R.dims(); ++Ax)
    First.rangeInto(Ax, R.Axes[Ax]);
  for (unsigned F = 0; F < R.Fields.size(); ++F) {
    Field &Fd = R.Fields[F];
    const FieldUse &U = First.Uses[F];
    Fd.ReadInCalc = U.Read;
    Fd.WrittenInCalc = U.Written;
    Fd.Reads = U.Reads;
    Fd.Role = F == A   ? FieldRole::Source
              : F == B ? FieldRole::Destination
                       : FieldRole::ReadOnly;
  }
  std::vector<CapturedScalar> Scalars;
  for (unsigned I : First.Scalars)
    Scalars.push_back(R.Scalars[I]);
  R.Scalars = std::move(Scalars);
  R.Update = First.Update;
  R.Locals = First.Locals;
  R.OperatorCount = First.OperatorCount;
  R.Copy = CopyNest();
  R.Copy.Present = true;
  R.Copy.Lower = First.Lower;
  R.Copy.Upper = First.Upper;
  R.Copy.LowerText = First.LowerText;
  R.Copy.UpperText = First.UpperText;
  R.Copy.LowerScalar = First.LowerScalar;
  R.Copy.UpperScalar = First.UpperScalar;
  R.Copy.Assignments.push_back({A, {}, B, {}});
  R.Body = {{TimeLoopItem::Calc, "", 0}, {TimeLoopItem::Copy, "", 0}};
  R.Time.StepCount *= 2;
  R.Stages.clear();
  R.PingPong = true;
}

} // namespace tilec
