//===- StageSequenceBuilder.cpp - Several nests per time step -------------===//
//
// A multi-stage region (PolyBench's jacobi-2d, heat-3d, fdtd-2d) runs
// several calc nests per step, optionally with copy nests among them. Each
// nest becomes a Stage, converted with the same rules as the paper's calc
// nest but with its own range and roles: the arrays a nest writes are its
// destinations (written at the point, and read only there), the others its
// sources. A nest that does not loop over an axis is a boundary stage: its
// writes fix that axis at a constant.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

namespace {

/// The captured scalars an expression reads, by name.
void collectScalars(const Expr &E, std::set<std::string> &Names) {
  if (E.ExprKind == Expr::ScalarRef)
    Names.insert(E.Text);
  for (const ExprPtr &Operand : E.Operands)
    collectScalars(*Operand, Names);
}

} // namespace

bool RegionBuilder::buildStages() {
  MultiStage = true;
  // The data clause is matched once for all nests, before any nest is
  // converted (a boundary stage finds its plane through it).
  const std::vector<NamedVariable> &Dims = B.Dimension->D.Axes;
  if (Dims.empty()) {
    Diags.report(B.Dimension->NameLoc, Diag::DirectiveSyntax)
        << "dimension needs at least one loop variable";
    return false;
  }
  R.Axes.resize(Dims.size());
  for (unsigned A = 0; A < Dims.size(); ++A)
    R.Axes[A].LoopVariable = Dims[A].Name;
  if (!buildFields())
    return false;
  for (const BoundNest &Nest : B.Nests) {
    Stage S;
    S.SourceLine = SM.getPresumedLoc(Nest.Directive->HashLoc).getLine();
    bool Ok = Nest.IsCopy ? buildCopyStage(Nest, S) : buildCalcStage(Nest, S);
    if (!Ok)
      return false;
    R.Stages.push_back(std::move(S));
  }
  summariseStages();
  return true;
}

void RegionBuilder::resetStageState() {
  CalcBody = nullptr;
  CalcLoops.clear();
  AxisOfVariable.clear();
  Locals.clear();
  FixedAt = {};
  FixedWhere = {};
  R.Update.clear();
  R.Locals.clear();
  R.Copy = CopyNest();
  for (Field &F : R.Fields) {
    F.ReadInCalc = F.WrittenInCalc = false;
    F.Reads = Halo();
  }
}

bool RegionBuilder::buildCalcStage(const BoundNest &Nest, Stage &Out) {
  resetStageState();
  CalcDirective = Nest.Directive;
  CalcLoop = Nest.Loop;
  if (CalcDirective->D.Reduction) {
    Diags.report(CalcDirective->NameLoc, Diag::MultiStageReduction);
    return false;
  }
  if (!buildAxes())
    return false;
  if (!checkCalcRangeInsideExtents())
    return false;
  // This nest's roles: what it writes, it updates in place.
  for (Field &F : R.Fields)
    F.Role = writtenInCalc(F.Name) ? FieldRole::Destination : FieldRole::Source;
  unsigned OperatorsBefore = R.OperatorCount;
  if (!buildUpdate())
    return false;

  Out.StageKind = Stage::Calc;
  for (unsigned A = 0; A < R.dims(); ++A) {
    Out.Lower[A] = R.Axes[A].Lower;
    Out.Upper[A] = R.Axes[A].Upper;
    Out.Fixed[A] = FixedAt[A].has_value();
  }
  settleStageBounds(Out);
  Out.Update = std::move(R.Update);
  Out.Locals = std::move(R.Locals);
  Out.OperatorCount = R.OperatorCount - OperatorsBefore;
  std::set<std::string> ScalarNames;
  for (const Statement &S : Out.Update)
    if (S.Value)
      collectScalars(*S.Value, ScalarNames);
  for (unsigned A = 0; A < R.dims(); ++A)
    for (const std::string *Bound : {&Out.LowerScalar[A], &Out.UpperScalar[A]})
      if (!Bound->empty())
        ScalarNames.insert(*Bound);
  for (unsigned I = 0; I < R.Scalars.size(); ++I)
    if (ScalarNames.count(R.Scalars[I].Name))
      Out.Scalars.push_back(I);
  for (const Field &F : R.Fields)
    Out.Uses.push_back({F.ReadInCalc, F.WrittenInCalc, F.Reads});
  return true;
}

bool RegionBuilder::buildCopyStage(const BoundNest &Nest, Stage &Out) {
  resetStageState();
  CopyLoop = Nest.Loop;
  if (!buildCopy())
    return false;
  Out.StageKind = Stage::Copy;
  settleCopyBounds();
  Out.Lower = R.Copy.Lower;
  Out.Upper = R.Copy.Upper;
  Out.LowerText = R.Copy.LowerText;
  Out.UpperText = R.Copy.UpperText;
  Out.LowerScalar = R.Copy.LowerScalar;
  Out.UpperScalar = R.Copy.UpperScalar;
  Out.Copies = R.Copy.Assignments;
  Out.Uses.resize(R.Fields.size());
  for (const CopyAssignment &C : Out.Copies) {
    Out.Uses[C.ValueField].Read = true;
    Out.Uses[C.TargetField].Written = true;
  }
  R.Copy = CopyNest();
  return true;
}

void RegionBuilder::summariseStages() {
  // What the region as a whole reads and writes; an array some stage
  // writes is updated in place and copied back.
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    Field &F = R.Fields[I];
    F.ReadInCalc = F.WrittenInCalc = false;
    F.Reads = Halo();
    for (const Stage &S : R.Stages) {
      const FieldUse &U = S.Uses[I];
      F.ReadInCalc |= U.Read;
      F.WrittenInCalc |= U.Written;
      for (unsigned A = 0; A < MaxAxes; ++A) {
        F.Reads.Minus[A] = std::max(F.Reads.Minus[A], U.Reads.Minus[A]);
        F.Reads.Plus[A] = std::max(F.Reads.Plus[A], U.Reads.Plus[A]);
      }
    }
    F.Role = F.WrittenInCalc ? FieldRole::Source : FieldRole::ReadOnly;
  }
  // The region's range: the box around the points its stages (calc and
  // copy) write; a fused kernel's work groups cover it. Empty stages
  // write nothing.
  bool First = true;
  for (const Stage &S : R.Stages) {
    if (S.points(R.dims()) == 0)
      continue;
    for (unsigned A = 0; A < R.dims(); ++A) {
      Axis &X = R.Axes[A];
      X.Lower = First ? S.Lower[A] : std::min(X.Lower, S.Lower[A]);
      X.Upper = First ? S.Upper[A] : std::max(X.Upper, S.Upper[A]);
    }
    First = false;
  }
  if (First) // Every stage is empty.
    for (Axis &X : R.Axes)
      X.Lower = X.Upper = 0;
  // Every stage's temporaries, so that renaming sees all of them.
  std::set<std::string> Seen;
  R.Locals.clear();
  R.Update.clear();
  for (const Stage &S : R.Stages)
    for (const LocalVariable &L : S.Locals)
      if (Seen.insert(L.Name).second)
        R.Locals.push_back(L);
}

std::optional<int64_t>
RegionBuilder::fixedCoordinate(unsigned A, clang::SourceLocation &Where) {
  Where = CalcLoop->getForLoc();
  // The first assignment to an array of the data clause decides.
  std::vector<const clang::Stmt *> Statements = bodyStatements(CalcBody);
  for (const clang::Stmt *S : Statements) {
    const auto *Assign = dyn_cast<clang::BinaryOperator>(S);
    if (!Assign || !Assign->isAssignmentOp())
      continue;
    const auto *Sub = dyn_cast<clang::ArraySubscriptExpr>(
        Assign->getLHS()->IgnoreParenImpCasts());
    if (!Sub)
      continue;
    auto [Ref, Subscripts] = splitSubscripts(Sub);
    const auto *V = Ref ? dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
    auto FieldIndex = V ? fieldOf(V) : std::nullopt;
    if (!FieldIndex)
      continue;
    size_t Position = R.Fields[*FieldIndex].ComponentExtents.size() + A;
    if (Position >= Subscripts.size())
      return std::nullopt;
    Where = Subscripts[Position]->getBeginLoc();
    return constant(Subscripts[Position]);
  }
  return std::nullopt;
}

} // namespace tilec
