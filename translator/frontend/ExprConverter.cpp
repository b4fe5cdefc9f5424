//===- ExprConverter.cpp - C expressions of the update to IR --------------===//
//
// Converts the right-hand sides of a calc nest: literals with their exact
// spelling, reads of fields, captured scalars and locals, math calls with
// explicit argument conversions, and the operators C and the kernels share.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "llvm/ADT/StringExtras.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

ExprPtr RegionBuilder::convert(const clang::Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *P = dyn_cast<clang::ParenExpr>(E)) {
    ExprPtr Inner = convert(P->getSubExpr());
    if (!Inner)
      return nullptr;
    ExprPtr Out = Expr::make(Expr::Paren);
    Out->Operands.push_back(std::move(Inner));
    return Out;
  }
  if (const auto *I = dyn_cast<clang::IntegerLiteral>(E))
    return Expr::make(Expr::IntLiteral,
                      intLiteralText(I->getValue(), I->getType()));
  if (const auto *C = dyn_cast<clang::CharacterLiteral>(E))
    return Expr::make(Expr::IntLiteral, std::to_string(C->getValue()));
  if (const auto *F = dyn_cast<clang::FloatingLiteral>(E))
    return Expr::make(Expr::FloatLiteral, floatLiteralText(F));
  if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(E))
    return convertVariable(Ref);
  if (const auto *S = dyn_cast<clang::ArraySubscriptExpr>(E))
    return convertRead(S);
  if (const auto *U = dyn_cast<clang::UnaryOperator>(E)) {
    clang::UnaryOperatorKind Op = U->getOpcode();
    if (Op != clang::UO_Minus && Op != clang::UO_Plus && Op != clang::UO_LNot &&
        Op != clang::UO_Not)
      return fail(E, Diag::UnsupportedExpression);
    ExprPtr Inner = convert(U->getSubExpr());
    if (!Inner)
      return nullptr;
    ExprPtr Out =
        Expr::make(Expr::Unary, clang::UnaryOperator::getOpcodeStr(Op).str());
    Out->Operands.push_back(std::move(Inner));
    return Out;
  }
  if (const auto *Bin = dyn_cast<clang::BinaryOperator>(E)) {
    if (Bin->isAssignmentOp() || Bin->isCommaOp())
      return fail(E, Diag::UnsupportedExpression);
    if (!Bin->isLogicalOp())
      countOperator();
    ExprPtr L = convert(Bin->getLHS());
    ExprPtr Rhs = L ? convert(Bin->getRHS()) : nullptr;
    if (!Rhs)
      return nullptr;
    ExprPtr Out = Expr::make(Expr::Binary, Bin->getOpcodeStr().str());
    Out->Operands.push_back(std::move(L));
    Out->Operands.push_back(std::move(Rhs));
    return Out;
  }
  if (const auto *C = dyn_cast<clang::ConditionalOperator>(E)) {
    ExprPtr Out = Expr::make(Expr::Conditional);
    for (const clang::Expr *Part :
         {C->getCond(), C->getTrueExpr(), C->getFalseExpr()}) {
      ExprPtr Converted = convert(Part);
      if (!Converted)
        return nullptr;
      Out->Operands.push_back(std::move(Converted));
    }
    return Out;
  }
  if (const auto *Call = dyn_cast<clang::CallExpr>(E))
    return convertCall(Call);
  if (const auto *Member = dyn_cast<clang::MemberExpr>(E)) {
    Diags.report(Member->getBeginLoc(), Diag::MemberNotSupported)
        << sourceText(Member->getSourceRange());
    return nullptr;
  }
  if (const auto *Cast = dyn_cast<clang::CStyleCastExpr>(E)) {
    if (!scalarTypeOf(Cast->getType()))
      return fail(E, Diag::UnsupportedExpression);
    ExprPtr Inner = convert(Cast->getSubExpr());
    if (!Inner)
      return nullptr;
    // The scalar type itself: a typedef (`(real)x`) does not exist in the
    // device code.
    ExprPtr Out =
        Expr::make(Expr::Cast, scalarTypeName(*scalarTypeOf(Cast->getType())));
    Out->Operands.push_back(std::move(Inner));
    return Out;
  }
  return fail(E, Diag::UnsupportedExpression);
}

ExprPtr RegionBuilder::convertRead(const clang::ArraySubscriptExpr *E) {
  if (ExprPtr Table = convertPerStepRead(E))
    return Table;
  auto Acc = convertAccess(E, "calc");
  if (!Acc ||
      !checkInside(*Acc, R.calcLower(), R.calcUpper(), E->getBeginLoc()))
    return nullptr;
  Field &F = R.Fields[Acc->Field];
  if (F.Role == FieldRole::Destination) {
    for (unsigned A = 0; A < R.dims(); ++A)
      if (Acc->Offsets[A] != 0) {
        Diags.report(E->getBeginLoc(), B.Data->D.RoleFree || MultiStage
                                           ? Diag::InPlaceReadOffset
                                           : Diag::DestinationReadOffset)
            << F.Name;
        return nullptr;
      }
  }
  F.ReadInCalc = true;
  for (unsigned A = 0; A < R.dims(); ++A) {
    F.Reads.Minus[A] = std::max(F.Reads.Minus[A], -Acc->Offsets[A]);
    F.Reads.Plus[A] = std::max(F.Reads.Plus[A], Acc->Offsets[A]);
  }
  ExprPtr Out = Expr::make(Expr::FieldAccess);
  Out->FieldIndex = Acc->Field;
  Out->Components = Acc->Components;
  Out->Offsets = Acc->Offsets;
  return Out;
}

ExprPtr RegionBuilder::convertPerStepRead(const clang::ArraySubscriptExpr *E) {
  // The array, not one of the data clause, and every subscript the time
  // variable plus or minus a constant, or a constant.
  auto [Ref, Subscripts] = splitSubscripts(E);
  const auto *V = Ref ? dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || fieldOf(V))
    return nullptr;
  const clang::VarDecl *Time = TimeVariable;
  bool UsesTime = false;
  std::vector<bool> SubscriptUsesTime;
  for (const clang::Expr *Sub : Subscripts) {
    SubscriptUsesTime.push_back(!constant(Sub));
    if (constant(Sub))
      continue;
    const clang::Expr *X = Sub->IgnoreParenImpCasts();
    if (const auto *Bin = dyn_cast<clang::BinaryOperator>(X);
        Bin &&
        (Bin->getOpcode() == clang::BO_Add ||
         Bin->getOpcode() == clang::BO_Sub) &&
        constant(Bin->getRHS()))
      X = Bin->getLHS()->IgnoreParenImpCasts();
    const auto *T = dyn_cast<clang::DeclRefExpr>(X);
    if (!T || T->getDecl() != Time)
      return nullptr;
    UsesTime = true;
  }
  auto Type = scalarTypeOf(E->getType());
  if (!UsesTime || !Type)
    return nullptr;
  std::string Text = sourceText(E->getSourceRange());
  auto Known = PerStepNames.find(Text);
  if (Known == PerStepNames.end()) {
    // A kernel parameter name for the value: the array's name and `_t`;
    // launches of several steps take `fict_t_0`, `fict_t_1`, ... too.
    std::string Name = V->getName().str() + "_" + Time->getName().str();
    auto Taken = [&](const std::string &Candidate) {
      std::set<std::string> Used = regionIdentifiers(R);
      for (int Step = 0; Step < 16; ++Step)
        if (Used.count(Candidate + "_" + std::to_string(Step)))
          return true;
      return Used.count(Candidate) > 0;
    };
    while (Taken(Name))
      Name += "_";
    Known = PerStepNames.emplace(Text, Name).first;
    CapturedScalar Table;
    Table.Name = Name;
    Table.Type = *Type;
    Table.PerStepExpression = Text;
    Table.PerStepTable = V->getName().str();
    for (const clang::Expr *Sub : Subscripts)
      Table.PerStepSubscripts.push_back(sourceText(Sub->getSourceRange()));
    Table.PerStepSubscriptUsesTime = SubscriptUsesTime;
    R.Scalars.push_back(Table);
  }
  return Expr::make(Expr::ScalarRef, Known->second);
}

ExprPtr RegionBuilder::convertVariable(const clang::DeclRefExpr *Ref) {
  if (const auto *C = dyn_cast<clang::EnumConstantDecl>(Ref->getDecl()))
    return Expr::make(Expr::IntLiteral, llvm::toString(C->getInitVal(), 10));
  const auto *V = dyn_cast<clang::VarDecl>(Ref->getDecl());
  if (!V)
    return fail(Ref, Diag::UnsupportedExpression);
  auto Axis = AxisOfVariable.find(V);
  if (Axis != AxisOfVariable.end()) {
    ExprPtr Out = Expr::make(Expr::AxisIndex);
    Out->AxisNumber = Axis->second;
    return Out;
  }
  if (Locals.count(V))
    return Expr::make(Expr::LocalRef, V->getName().str());
  if (V == ReductionDecl && ConvertingReductionUpdate)
    return Expr::make(Expr::ReductionRef, V->getName().str());
  if (V == ReductionDecl) {
    Diags.report(Ref->getLocation(), Diag::ReductionMisuse)
        << V->getName() << reductionForm();
    return nullptr;
  }
  if (fieldOf(V))
    return fail(Ref, Diag::UnsupportedExpression);
  auto Type = scalarTypeOf(V->getType());
  if (!Type) {
    Diags.report(Ref->getLocation(), Diag::UnsupportedScalarType)
        << V->getName() << V->getType().getAsString();
    return nullptr;
  }
  if (CapturedDecls.insert(V).second) {
    CapturedScalar Captured;
    Captured.Name = V->getName().str();
    Captured.Type = *Type;
    R.Scalars.push_back(Captured);
  }
  return Expr::make(Expr::ScalarRef, V->getName().str());
}

ExprPtr RegionBuilder::convertCall(const clang::CallExpr *Call) {
  const clang::FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isMathFunction(Callee->getName())) {
    Diags.report(Call->getBeginLoc(), Diag::UnsupportedCall)
        << (Callee ? Callee->getName().str()
                   : sourceText(Call->getCallee()->getSourceRange()));
    return nullptr;
  }
  countOperator();
  ExprPtr Out = Expr::make(Expr::Call, Callee->getName().str());
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const clang::Expr *Arg = Call->getArg(I);
    ExprPtr Converted = convert(Arg);
    if (!Converted)
      return nullptr;
    // C converts arguments to the parameter type; OpenCL C and CUDA
    // overload math functions on the argument type instead, so make the
    // conversion explicit to keep the serial program's precision.
    clang::QualType ParamType = I < Callee->getNumParams()
                                    ? Callee->getParamDecl(I)->getType()
                                    : clang::QualType();
    clang::QualType ArgType = Arg->IgnoreParenImpCasts()->getType();
    if (!ParamType.isNull() &&
        !Context.hasSameUnqualifiedType(ParamType, ArgType)) {
      ExprPtr Cast = Expr::make(
          Expr::Cast,
          ParamType.getCanonicalType().getUnqualifiedType().getAsString());
      Cast->Operands.push_back(std::move(Converted));
      Converted = std::move(Cast);
    }
    Out->Operands.push_back(std::move(Converted));
  }
  return Out;
}

ExprPtr RegionBuilder::fail(const clang::Expr *E, Diag D) {
  Diags.report(E->getBeginLoc(), D);
  return nullptr;
}

} // namespace tilec
