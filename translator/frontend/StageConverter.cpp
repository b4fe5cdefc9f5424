//===- StageConverter.cpp - A calc nest: its axes and update --------------===//
//
// Binds the dimension clause to the calc loops (one axis each, with its
// range) and converts the loop body statement by statement: declarations
// of locals, assignments to the destination at the point, private
// temporaries, and the reduction update.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

/// Whether `S` is or directly holds a loop (an imperfect nest, not a
/// boundary stage).
static bool containsLoop(const clang::Stmt *S) {
  if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(S))
    return true;
  if (const auto *C = dyn_cast<clang::CompoundStmt>(S))
    for (const clang::Stmt *Child : C->body())
      if (containsLoop(Child))
        return true;
  return false;
}

/// The number of perfectly nested loops from `Loop` down, at most `Max`.
static unsigned nestDepth(const clang::ForStmt *Loop, unsigned Max) {
  unsigned Depth = 0;
  while (Loop && Depth < Max) {
    ++Depth;
    const clang::Stmt *Body = Loop->getBody();
    if (const auto *C = dyn_cast<clang::CompoundStmt>(Body))
      Body = C->size() == 1 ? C->body_front() : nullptr;
    Loop = llvm::dyn_cast_or_null<clang::ForStmt>(Body);
  }
  return Depth;
}

bool RegionBuilder::buildAxes() {
  const std::vector<NamedVariable> &Dims = B.Dimension->D.Axes;
  if (Dims.empty()) {
    Diags.report(B.Dimension->NameLoc, Diag::DirectiveSyntax)
        << "dimension needs at least one loop variable";
    return false;
  }
  // A stage of a multi-stage region may loop over fewer axes (a boundary
  // stage) when its innermost body is not itself a loop.
  unsigned Depth = Dims.size();
  if (MultiStage) {
    unsigned Found = nestDepth(CalcLoop, Dims.size());
    const clang::Stmt *Body = CalcLoop;
    for (unsigned L = 0; L < Found; ++L)
      Body = dyn_cast<clang::ForStmt>(Body)
                 ? dyn_cast<clang::ForStmt>(Body)->getBody()
                 : Body;
    if (Found < Dims.size() && !containsLoop(Body))
      Depth = Found;
  }
  auto Loops = parseLoopNest(CalcLoop, Depth, "calc", Context, Diags, CalcBody,
                             /*RunTimeBounds=*/true);
  if (!Loops)
    return false;
  CalcLoops = *Loops;
  NestLoops[CalcLoop] = CalcLoops;
  R.Axes.resize(Dims.size());
  std::vector<bool> Seen(Dims.size(), false);
  for (const CanonicalLoop &L : *Loops) {
    unsigned A = 0;
    while (A < Dims.size() && Dims[A].Name != L.Variable->getName())
      ++A;
    // A later stage may name its loop variables as it likes.
    if (A == Dims.size() && MultiStage) {
      A = axisBySubscript(L.Variable, CalcBody).value_or(Dims.size());
      if (A < Dims.size() && Seen[A])
        A = Dims.size();
    }
    if (A == Dims.size()) {
      Diags.report(L.Loop->getForLoc(), Diag::LoopVariableNotDimension)
          << L.Variable->getName() << "calc";
      return false;
    }
    Seen[A] = true;
    AxisOfVariable[L.Variable] = A;
    Axis &X = R.Axes[A];
    X.LoopVariable = Dims[A].Name;
    X.LoopVariableType =
        L.Variable->getType().getUnqualifiedType().getAsString();
    X.Lower = L.Lower;
    X.Upper = L.Upper;
    if (!recordRunTimeBounds(L, "calc", A, /*Copy=*/false))
      return false;
  }
  for (unsigned A = 0; A < Dims.size(); ++A) {
    if (Seen[A])
      continue;
    if (Depth == Dims.size()) {
      Diags.report(B.Dimension->tokenLoc(Dims[A].Token),
                   Diag::DimensionNotLoopVariable)
          << Dims[A].Name << "calc";
      return false;
    }
    clang::SourceLocation Where;
    std::optional<int64_t> Fixed = fixedCoordinate(A, Where);
    if (!Fixed) {
      Diags.report(Where, Diag::BoundaryAxisNotFixed) << Dims[A].Name << "calc";
      return false;
    }
    FixedAt[A] = *Fixed;
    FixedWhere[A] = Where;
    Axis &X = R.Axes[A];
    X.LoopVariable = Dims[A].Name;
    if (X.LoopVariableType.empty())
      X.LoopVariableType = "int";
    X.Lower = *Fixed;
    X.Upper = *Fixed + 1;
  }
  return true;
}

bool RegionBuilder::buildUpdate() {
  if (CalcDirective->D.Reduction) {
    const ReductionSpec &Spec = *CalcDirective->D.Reduction;
    ReferenceCollector Refs;
    Refs.TraverseStmt(const_cast<clang::Stmt *>(CalcBody));
    auto It = Refs.Variables.find(Spec.Variable);
    if (It == Refs.Variables.end()) {
      Diags.report(CalcDirective->tokenLoc(Spec.VariableToken),
                   Diag::ReductionNotUpdated)
          << Spec.Variable;
      return false;
    }
    ReductionDecl = It->second;
    auto Type = scalarTypeOf(ReductionDecl->getType());
    if (!Type || *Type == ScalarType::UInt || *Type == ScalarType::ULong) {
      Diags.report(CalcDirective->tokenLoc(Spec.VariableToken),
                   Diag::ReductionType)
          << Spec.Variable;
      return false;
    }
    R.Reduce = Reduction{Spec.Op, Spec.Variable, *Type};
  }

  std::vector<const clang::Stmt *> Statements = bodyStatements(CalcBody);
  for (const clang::Stmt *S : Statements) {
    bool Ok;
    if (llvm::isa<clang::NullStmt>(S))
      continue;
    if (const auto *DS = dyn_cast<clang::DeclStmt>(S))
      Ok = convertDeclaration(DS);
    else if (const auto *Bin = dyn_cast<clang::BinaryOperator>(S);
             Bin && Bin->isAssignmentOp())
      Ok = convertAssignment(Bin);
    else {
      Diags.report(S->getBeginLoc(), Diag::UnsupportedStatement);
      Ok = false;
    }
    if (!Ok)
      return false;
  }
  if (R.Reduce && !ReductionUpdated) {
    Diags.report(
        CalcDirective->tokenLoc(CalcDirective->D.Reduction->VariableToken),
        Diag::ReductionNotUpdated)
        << R.Reduce->Variable;
    return false;
  }
  return true;
}

bool RegionBuilder::convertDeclaration(const clang::DeclStmt *DS) {
  for (const clang::Decl *D : DS->decls()) {
    const auto *V = dyn_cast<clang::VarDecl>(D);
    auto Type = V ? scalarTypeOf(V->getType()) : std::nullopt;
    if (!Type) {
      Diags.report(D->getLocation(),
                   V ? Diag::UnsupportedScalarType : Diag::UnsupportedStatement)
          << (V ? V->getName() : "") << (V ? V->getType().getAsString() : "");
      return false;
    }
    Statement S;
    S.DeclaredType = *Type;
    S.Target = Expr::make(Expr::LocalRef, V->getName().str());
    if (V->getInit()) {
      S.Operator = "=";
      S.Value = convert(V->getInit());
      if (!S.Value)
        return false;
    }
    // Declared after its initialiser is converted: `float x = x;` is C's
    // problem, not a capture.
    Locals.insert(V);
    R.Locals.push_back({V->getName().str(), *Type, true});
    R.Update.push_back(std::move(S));
  }
  return true;
}

bool RegionBuilder::convertAssignment(const clang::BinaryOperator *Assign) {
  const clang::Expr *Lhs = Assign->getLHS()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(Lhs);
      Ref && Ref->getDecl() == ReductionDecl)
    return convertReductionUpdate(Assign);
  Statement S;
  S.Operator = Assign->getOpcodeStr().str();
  if (Assign->isCompoundAssignmentOp())
    countOperator();
  if (const auto *Sub = dyn_cast<clang::ArraySubscriptExpr>(Lhs)) {
    auto Acc = convertAccess(Sub, "calc");
    if (!Acc)
      return false;
    Field &F = R.Fields[Acc->Field];
    if (F.Role != FieldRole::Destination) {
      Diags.report(Lhs->getBeginLoc(), Diag::WriteToSource) << F.Name;
      return false;
    }
    for (unsigned A = 0; A < R.dims(); ++A)
      if (Acc->Offsets[A] != 0) {
        Diags.report(Lhs->getBeginLoc(), Diag::DestinationWriteOffset)
            << F.Name;
        return false;
      }
    F.WrittenInCalc = true;
    if (Assign->isCompoundAssignmentOp())
      F.ReadInCalc = true;
    S.Target = Expr::make(Expr::FieldAccess);
    S.Target->FieldIndex = Acc->Field;
    S.Target->Components = Acc->Components;
  } else if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(Lhs)) {
    const auto *V = dyn_cast<clang::VarDecl>(Ref->getDecl());
    if (!V || !scalarTypeOf(V->getType())) {
      Diags.report(Lhs->getBeginLoc(), Diag::UnsupportedStatement);
      return false;
    }
    if (!Locals.count(V)) {
      // A host variable always assigned before it is read is a private
      // temporary of each point (Himeno declares s0 and ss this way).
      if (CapturedDecls.count(V) || Assign->isCompoundAssignmentOp() ||
          AxisOfVariable.count(V) || refersTo(Assign->getRHS(), V)) {
        Diags.report(Lhs->getBeginLoc(), Diag::HostVariableWritten)
            << V->getName();
        return false;
      }
      Locals.insert(V);
      PrivateFirstWrite[V] = Lhs->getBeginLoc();
      R.Locals.push_back({V->getName().str(), *scalarTypeOf(V->getType()),
                          false, !usesOutside(V).Anywhere});
    }
    S.Target = Expr::make(Expr::LocalRef, V->getName().str());
  } else {
    Diags.report(Lhs->getBeginLoc(), Diag::UnsupportedStatement);
    return false;
  }
  S.Value = convert(Assign->getRHS());
  if (!S.Value)
    return false;
  R.Update.push_back(std::move(S));
  return true;
}

bool RegionBuilder::convertReductionUpdate(
    const clang::BinaryOperator *Assign) {
  const ReductionSpec &Spec = *CalcDirective->D.Reduction;
  const clang::Expr *Contribution = nullptr;
  if (Spec.Op == ReductionOp::Sum &&
      Assign->getOpcode() == clang::BO_AddAssign) {
    Contribution = Assign->getRHS();
  } else if (Spec.Op != ReductionOp::Sum &&
             Assign->getOpcode() == clang::BO_Assign) {
    const auto *Call =
        dyn_cast<clang::CallExpr>(Assign->getRHS()->IgnoreParenImpCasts());
    const clang::FunctionDecl *Callee =
        Call ? Call->getDirectCallee() : nullptr;
    llvm::StringRef Name = Callee ? Callee->getName() : "";
    bool Matches = Spec.Op == ReductionOp::Min
                       ? (Name == "fmin" || Name == "fminf")
                       : (Name == "fmax" || Name == "fmaxf");
    if (Matches && Call->getNumArgs() == 2) {
      const auto *First =
          dyn_cast<clang::DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts());
      if (First && First->getDecl() == ReductionDecl)
        Contribution = Call->getArg(1);
    }
  }
  if (!Contribution || refersTo(Contribution, ReductionDecl)) {
    Diags.report(Assign->getBeginLoc(), Diag::ReductionMisuse)
        << Spec.Variable << reductionForm();
    return false;
  }
  Statement S;
  S.Target = Expr::make(Expr::ReductionRef, Spec.Variable);
  if (Spec.Op == ReductionOp::Sum) {
    countOperator();
    S.Operator = "+=";
    S.Value = convert(Contribution);
  } else {
    S.Operator = "=";
    ConvertingReductionUpdate = true;
    S.Value = convert(Assign->getRHS());
    ConvertingReductionUpdate = false;
  }
  if (!S.Value)
    return false;
  ReductionUpdated = true;
  R.Update.push_back(std::move(S));
  return true;
}

std::string RegionBuilder::reductionForm() {
  const std::string &V = CalcDirective->D.Reduction->Variable;
  switch (CalcDirective->D.Reduction->Op) {
  case ReductionOp::Sum:
    return "'" + V + " += expr'";
  case ReductionOp::Min:
    return "'" + V + " = fmin(" + V + ", expr)' (or fminf)";
  case ReductionOp::Max:
    return "'" + V + " = fmax(" + V + ", expr)' (or fmaxf)";
  }
  return "";
}

bool RegionBuilder::refersTo(const clang::Stmt *S, const clang::VarDecl *V) {
  ReferenceCollector Refs;
  Refs.Filter.insert(V);
  Refs.TraverseStmt(const_cast<clang::Stmt *>(S));
  return Refs.FirstRef != nullptr;
}

} // namespace tilec
