//===- StencilIR.cpp - Small helpers of the stencil IR -------------------===//
#include "ir/StencilIR.h"

#include <algorithm>

namespace tilec::ir {

const char *fieldRoleName(FieldRole Role) {
  switch (Role) {
  case FieldRole::Source:
    return "source";
  case FieldRole::Destination:
    return "destination";
  case FieldRole::ReadOnly:
    return "read-only";
  }
  return "?";
}

const char *scalarTypeName(ScalarType Type) {
  switch (Type) {
  case ScalarType::Int:
    return "int";
  case ScalarType::UInt:
    return "unsigned int";
  case ScalarType::Long:
    return "long";
  case ScalarType::ULong:
    return "unsigned long";
  case ScalarType::Float:
    return "float";
  case ScalarType::Double:
    return "double";
  }
  return "?";
}

std::string perStepExpressionAt(const CapturedScalar &Scalar,
                                const std::string &Shift) {
  if (Shift == "0")
    return Scalar.PerStepExpression;
  std::string Out = Scalar.PerStepTable;
  for (size_t I = 0; I < Scalar.PerStepSubscripts.size(); ++I)
    Out += "[" + Scalar.PerStepSubscripts[I] +
           (Scalar.PerStepSubscriptUsesTime[I] ? " + " + Shift : "") + "]";
  return Out;
}

const char *copyStrategyName(CopyStrategy Strategy) {
  switch (Strategy) {
  case CopyStrategy::None:
    return "none";
  case CopyStrategy::Swap:
    return "swap";
  case CopyStrategy::Kernel:
    return "kernel";
  }
  return "?";
}

const char *mappingKindName(MappingKind Kind) {
  switch (Kind) {
  case MappingKind::None:
    return "none";
  case MappingKind::Naive:
    return "naive";
  case MappingKind::Blocked:
    return "blocked";
  case MappingKind::Streamed:
    return "streamed";
  case MappingKind::Fused:
    return "fused";
  case MappingKind::FusedStreamed:
    return "fused-streamed";
  }
  return "?";
}

const char *mappingFamilyName(MappingKind Kind) {
  return Kind == MappingKind::None || Kind == MappingKind::Naive
             ? mappingKindName(Kind)
             : "blocked";
}

int64_t Field::componentCount() const {
  int64_t Count = 1;
  for (int64_t E : ComponentExtents)
    Count *= E;
  return Count;
}

Halo StencilRegion::calcReach() const {
  Halo Reach;
  for (const Field &F : Fields)
    if (F.ReadInCalc)
      for (unsigned A = 0; A < MaxAxes; ++A) {
        Reach.Minus[A] = std::max(Reach.Minus[A], F.Reads.Minus[A]);
        Reach.Plus[A] = std::max(Reach.Plus[A], F.Reads.Plus[A]);
      }
  return Reach;
}

bool StencilRegion::runTimeExtents() const {
  for (const Axis &A : Axes)
    if (A.runTimeExtent())
      return true;
  return false;
}

bool StencilRegion::hasComponentFields() const {
  for (const Field &F : Fields)
    if (!F.ComponentExtents.empty())
      return true;
  return false;
}

int64_t StencilRegion::widestElementBytes() const {
  int64_t Bytes = 0;
  for (const Field &F : Fields)
    Bytes = std::max(Bytes, elementBytes(F.Type));
  return Bytes;
}

bool StencilRegion::runTimeStrides() const {
  for (unsigned A = 1; A < dims(); ++A)
    if (Axes[A].runTimeExtent())
      return true;
  // A field's components are slower than axis 0: their distance is the
  // whole grid.
  return Axes[0].runTimeExtent() && hasComponentFields();
}

std::string StencilRegion::extentName(unsigned A) const {
  if (!Axes[A].runTimeExtent())
    return std::to_string(Axes[A].Extent);
  return std::string("tilec_n") + axisName(A);
}

std::string StencilRegion::upperText(unsigned A, int64_t Upper,
                                     bool FollowsExtent) const {
  const Axis &X = Axes[A];
  if (!X.runTimeExtent() || !FollowsExtent)
    return std::to_string(Upper);
  int64_t FromEnd = X.Extent - Upper;
  return extentName(A) + (FromEnd > 0   ? " - " + std::to_string(FromEnd)
                          : FromEnd < 0 ? " + " + std::to_string(-FromEnd)
                                        : "");
}

bool StencilRegion::envelopeFollowsExtent(unsigned A) const {
  if (!Axes[A].UpperScalar.empty())
    return true;
  // A multi-stage region's box follows the extent where a stage's range
  // does (its launches cover the stages together: fused kernels).
  for (const Stage &S : Stages)
    if (!S.UpperText[A].empty())
      return true;
  return false;
}

std::string StencilRegion::envelopeUpper(unsigned A) const {
  return upperText(A, Axes[A].Upper, envelopeFollowsExtent(A));
}

int64_t StencilRegion::calcPoints() const {
  int64_t Points = 1;
  for (const Axis &A : Axes)
    Points *= A.Upper > A.Lower ? A.Upper - A.Lower : 0;
  return Points;
}

std::array<int64_t, MaxAxes> StencilRegion::calcLower() const {
  std::array<int64_t, MaxAxes> Lower{};
  for (unsigned A = 0; A < dims(); ++A)
    Lower[A] = Axes[A].Lower;
  return Lower;
}

std::array<int64_t, MaxAxes> StencilRegion::calcUpper() const {
  std::array<int64_t, MaxAxes> Upper{};
  for (unsigned A = 0; A < dims(); ++A)
    Upper[A] = Axes[A].Upper;
  return Upper;
}

void Stage::rangeInto(unsigned A, Axis &X) const {
  X.Lower = Lower[A];
  X.Upper = Upper[A];
  X.LowerText = LowerText[A];
  X.UpperText = UpperText[A];
  X.LowerScalar = LowerScalar[A];
  X.UpperScalar = UpperScalar[A];
}

bool Stage::runTimeRange() const {
  for (unsigned A = 0; A < MaxAxes; ++A)
    if (!LowerScalar[A].empty() || !UpperScalar[A].empty())
      return true;
  return false;
}

int64_t Stage::points(unsigned Dims) const {
  int64_t Points = 1;
  for (unsigned A = 0; A < Dims; ++A)
    Points *= Upper[A] > Lower[A] ? Upper[A] - Lower[A] : 0;
  return Points;
}

const char *StencilRegion::axisName(unsigned A) const {
  static const char *Names[] = {"z", "y", "x"};
  return Names[MaxAxes - dims() + A];
}

ExprPtr cloneExpr(const Expr &E) {
  ExprPtr Copy = Expr::make(E.ExprKind, E.Text);
  Copy->FieldIndex = E.FieldIndex;
  Copy->Components = E.Components;
  Copy->Offsets = E.Offsets;
  Copy->AxisNumber = E.AxisNumber;
  for (const ExprPtr &Operand : E.Operands)
    Copy->Operands.push_back(cloneExpr(*Operand));
  return Copy;
}

Statement::Statement(const Statement &Other)
    : Target(Other.Target ? cloneExpr(*Other.Target) : nullptr),
      Operator(Other.Operator),
      Value(Other.Value ? cloneExpr(*Other.Value) : nullptr),
      DeclaredType(Other.DeclaredType) {}

Statement &Statement::operator=(const Statement &Other) {
  if (this != &Other)
    *this = Statement(Other);
  return *this;
}

std::set<std::string> regionIdentifiers(const StencilRegion &Region) {
  std::set<std::string> Names;
  for (const Field &F : Region.Fields)
    Names.insert(F.Name);
  for (const CapturedScalar &S : Region.Scalars)
    Names.insert(S.Name);
  for (const LocalVariable &L : Region.Locals)
    Names.insert(L.Name);
  for (const Axis &A : Region.Axes)
    Names.insert(A.LoopVariable);
  if (Region.Reduce)
    Names.insert(Region.Reduce->Variable);
  return Names;
}

} // namespace tilec::ir
