//===- IRBuilder.cpp - Build the stencil IR from a bound region ----------===//
#include "frontend/IRBuilder.h"

#include "frontend/LoopNest.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

namespace tilec {
namespace {

using namespace ir;
using clang::dyn_cast;

/// Every variable referenced under a statement, by name.
class ReferenceCollector
    : public clang::RecursiveASTVisitor<ReferenceCollector> {
public:
  std::map<std::string, const clang::VarDecl *> Variables;
  const clang::DeclRefExpr *FirstRef = nullptr;
  std::set<const clang::VarDecl *> Filter;
  /// With CollectAll, every reference to a Filter variable, in order.
  bool CollectAll = false;
  std::vector<const clang::DeclRefExpr *> Matches;

  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<clang::VarDecl>(Ref->getDecl())) {
      Variables.emplace(V->getName().str(), V);
      if (Filter.count(V)) {
        if (!FirstRef)
          FirstRef = Ref;
        if (CollectAll)
          Matches.push_back(Ref);
      }
    }
    return true;
  }
};

/// True if any expression under `S` has type double.
class DoubleFinder : public clang::RecursiveASTVisitor<DoubleFinder> {
public:
  bool Found = false;
  bool VisitExpr(clang::Expr *E) {
    if (E->getType()->isSpecificBuiltinType(clang::BuiltinType::Double))
      Found = true;
    return !Found;
  }
};

std::optional<ScalarType> scalarTypeOf(clang::QualType Type) {
  const auto *B = Type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (!B)
    return std::nullopt;
  switch (B->getKind()) {
  case clang::BuiltinType::Int:
    return ScalarType::Int;
  case clang::BuiltinType::UInt:
    return ScalarType::UInt;
  case clang::BuiltinType::Long:
    return ScalarType::Long;
  case clang::BuiltinType::ULong:
    return ScalarType::ULong;
  case clang::BuiltinType::Float:
    return ScalarType::Float;
  case clang::BuiltinType::Double:
    return ScalarType::Double;
  default:
    return std::nullopt;
  }
}

std::optional<ElementType> elementTypeOf(clang::QualType Type) {
  switch (scalarTypeOf(Type).value_or(ScalarType::ULong)) {
  case ScalarType::Float:
    return ElementType::Float;
  case ScalarType::Double:
    return ElementType::Double;
  case ScalarType::Int:
    return ElementType::Int;
  default:
    return std::nullopt;
  }
}

/// The shortest decimal spelling that reads back as the same value, with
/// the suffix that keeps the literal's type.
std::string floatLiteralText(const clang::FloatingLiteral *L) {
  bool IsFloat = L->getType()->isSpecificBuiltinType(clang::BuiltinType::Float);
  double Value = L->getValueAsApproximateDouble();
  char Buffer[64];
  for (int Precision = 1; Precision <= 17; ++Precision) {
    std::snprintf(Buffer, sizeof Buffer, "%.*g", Precision, Value);
    if (IsFloat ? std::strtof(Buffer, nullptr) == static_cast<float>(Value)
                : std::strtod(Buffer, nullptr) == Value)
      break;
  }
  std::string Text = Buffer;
  if (Text.find_first_of(".eEni") == std::string::npos)
    Text += ".0";
  return IsFloat ? Text + "f" : Text;
}

std::string intLiteralText(llvm::APInt Value, clang::QualType Type) {
  bool Unsigned = Type->isUnsignedIntegerType();
  std::string Text = llvm::toString(Value, 10, !Unsigned);
  switch (scalarTypeOf(Type).value_or(ScalarType::Int)) {
  case ScalarType::UInt:
    return Text + "u";
  case ScalarType::Long:
    return Text + "l";
  case ScalarType::ULong:
    return Text + "ul";
  default:
    return Text;
  }
}

bool isMathFunction(llvm::StringRef Name) {
  static const std::set<std::string> Functions = {
      "sqrt", "sqrtf", "fabs",  "fabsf",  "fmin", "fminf", "fmax", "fmaxf",
      "exp",  "expf",  "log",   "logf",   "sin",  "sinf",  "cos",  "cosf",
      "pow",  "powf",  "floor", "floorf", "ceil", "ceilf", "abs"};
  return Functions.count(Name.str()) != 0;
}

class Builder {
public:
  Builder(const BoundRegion &Bound, clang::ASTContext &Context,
          DiagnosticReporter &Diags)
      : B(Bound), Context(Context), SM(Context.getSourceManager()),
        Diags(Diags) {}

  std::optional<StencilRegion> run(const std::string &Name) {
    R.Name = Name;
    clang::PresumedLoc P = SM.getPresumedLoc(B.Begin->HashLoc);
    R.SourceFile = llvm::sys::path::filename(P.getFilename()).str();
    R.SourceLine = P.getLine();

    if (!buildTimeLoop() || !buildAxes() || !buildFields() || !buildUpdate() ||
        !buildCopy() || !buildBody())
      return std::nullopt;
    if (Diags.hasErrors())
      return std::nullopt;
    assignRoles();
    DoubleFinder Finder;
    Finder.TraverseStmt(const_cast<clang::Stmt *>(CalcBody));
    R.UsesDouble = Finder.Found;
    for (const Field &F : R.Fields)
      R.UsesDouble |= F.Type == ElementType::Double;
    return std::move(R);
  }

private:
  const BoundRegion &B;
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  StencilRegion R;

  const clang::Stmt *CalcBody = nullptr;
  std::vector<CanonicalLoop> CalcLoops, CopyLoops;
  std::map<const clang::VarDecl *, unsigned> AxisOfVariable;
  std::map<std::string, unsigned> FieldByName;
  std::map<std::string, const clang::VarDecl *> FieldDecls;
  std::set<const clang::VarDecl *> Locals;
  std::set<const clang::VarDecl *> CapturedDecls;
  const clang::VarDecl *ReductionDecl = nullptr;
  bool ReductionUpdated = false;
  /// Host variables used as private temporaries, and where calc first
  /// assigns them.
  std::map<const clang::VarDecl *, clang::SourceLocation> PrivateFirstWrite;
  /// Set while converting `v = fmin(v, e)`, where `v` may appear.
  bool ConvertingReductionUpdate = false;

  std::string sourceText(clang::SourceRange Range) {
    clang::CharSourceRange Chars = SM.getExpansionRange(Range);
    return clang::Lexer::getSourceText(Chars, SM, Context.getLangOpts()).str();
  }

  std::optional<int64_t> constant(const clang::Expr *E) {
    clang::Expr::EvalResult Result;
    if (E->isValueDependent() || !E->EvaluateAsInt(Result, Context))
      return std::nullopt;
    return Result.Val.getInt().getExtValue();
  }

  // --- Time loop -----------------------------------------------------------

  bool buildTimeLoop() {
    const clang::ForStmt *Loop = B.TimeLoop;
    R.Time.Variable = B.Step->D.TimeVariable.Name;
    R.Time.StepCount = B.Step->D.StepCount;
    const clang::VarDecl *V = loopVariable(Loop);
    if (!V) {
      Diags.report(Loop->getForLoc(), Diag::TimeLoopNoVariable)
          << R.Time.Variable;
      return false;
    }
    if (V->getName() != R.Time.Variable) {
      Diags.report(Loop->getForLoc(), Diag::TimeVariableMismatch)
          << V->getName() << R.Time.Variable;
      return false;
    }
    R.Time.HeaderText = sourceText({Loop->getForLoc(), Loop->getRParenLoc()});
    if (auto Counting = matchCountingLoop(Loop, Context)) {
      R.Time.Canonical = true;
      R.Time.InitText = sourceText(Counting->Init->getSourceRange());
      if (!R.Time.InitText.empty() && R.Time.InitText.back() == ';')
        R.Time.InitText.pop_back(); // A declaration's range ends at its ';'.
      R.Time.UpperText = sourceText(Counting->Upper->getSourceRange());
      // The directive's count drives tuning; say so when the loop disagrees.
      const clang::Expr *Init = V->getInit();
      if (const auto *Assign = dyn_cast<clang::BinaryOperator>(Counting->Init))
        Init = Assign->getRHS();
      auto Lower = Init ? constant(Init) : std::nullopt;
      auto Upper = constant(Counting->Upper);
      if (Lower && Upper &&
          std::max<int64_t>(*Upper - *Lower, 0) != R.Time.StepCount)
        Diags.report(Loop->getForLoc(), Diag::StepCountMismatch)
            << R.Time.Variable << std::to_string(R.Time.StepCount)
            << std::to_string(std::max<int64_t>(*Upper - *Lower, 0));
    }
    return true;
  }

  // --- Axes ----------------------------------------------------------------

  bool buildAxes() {
    const std::vector<NamedVariable> &Dims = B.Dimension->D.Axes;
    if (Dims.empty()) {
      Diags.report(B.Dimension->NameLoc, Diag::DirectiveSyntax)
          << "dimension needs at least one loop variable";
      return false;
    }
    auto Loops = parseLoopNest(B.CalcLoop, Dims.size(), "calc", Context, Diags,
                               CalcBody);
    if (!Loops)
      return false;
    CalcLoops = *Loops;
    R.Axes.resize(Dims.size());
    std::vector<bool> Seen(Dims.size(), false);
    for (const CanonicalLoop &L : *Loops) {
      unsigned A = 0;
      while (A < Dims.size() && Dims[A].Name != L.Variable->getName())
        ++A;
      if (A == Dims.size()) {
        Diags.report(L.Loop->getForLoc(), Diag::LoopVariableNotDimension)
            << L.Variable->getName() << "calc";
        return false;
      }
      Seen[A] = true;
      AxisOfVariable[L.Variable] = A;
      Seen[A] = true;
      Axis &X = R.Axes[A];
      X.LoopVariable = Dims[A].Name;
      X.LoopVariableType =
          L.Variable->getType().getUnqualifiedType().getAsString();
      X.Lower = L.Lower;
      X.Upper = L.Upper;
    }
    for (unsigned A = 0; A < Dims.size(); ++A)
      if (!Seen[A]) {
        Diags.report(B.Dimension->tokenLoc(Dims[A].Token),
                     Diag::DimensionNotLoopVariable)
            << Dims[A].Name << "calc";
        return false;
      }
    return true;
  }

  // --- Fields ----------------------------------------------------------------

  /// Checks a data-clause array against its C declaration.
  bool matchesDeclaration(const ArraySpec &Spec, const clang::VarDecl *V) {
    clang::QualType Type = V->getType();
    std::vector<int64_t> Extents;
    bool Pointer = false;
    if (const auto *P = Type->getAs<clang::PointerType>()) {
      Pointer = true; // A parameter `T A[N][M]` decays to `T (*)[M]`.
      Type = P->getPointeeType();
    }
    while (const auto *A = Context.getAsConstantArrayType(Type)) {
      Extents.push_back(A->getSize().getSExtValue());
      Type = A->getElementType();
    }
    std::vector<int64_t> Expected = Spec.Extents;
    if (Pointer && !Expected.empty())
      Expected.erase(Expected.begin());
    return Extents == Expected && elementTypeOf(Type) == Spec.Type;
  }

  std::string specTypeText(const ArraySpec &Spec) {
    std::string Text = elementTypeName(Spec.Type);
    for (int64_t E : Spec.Extents)
      Text += "[" + std::to_string(E) + "]";
    return Text;
  }

  bool buildFields() {
    ReferenceCollector Refs;
    Refs.TraverseStmt(const_cast<clang::ForStmt *>(B.TimeLoop));
    const Directive &Data = B.Data->D;
    bool Ok = true;
    auto Add = [&](const ArraySpec &Spec, FieldRole Role) {
      auto It = Refs.Variables.find(Spec.Name);
      if (It == Refs.Variables.end()) {
        Diags.report(B.Data->tokenLoc(Spec.NameToken), Diag::ArrayUnused)
            << Spec.Name;
        return;
      }
      if (!matchesDeclaration(Spec, It->second)) {
        Diags.report(B.Data->tokenLoc(Spec.NameToken), Diag::ArrayTypeMismatch)
            << Spec.Name << specTypeText(Spec)
            << It->second->getType().getAsString();
        Diags.report(It->second->getLocation(), Diag::ArrayDeclaredHere)
            << Spec.Name;
        Ok = false;
        return;
      }
      if (Spec.Extents.size() < R.dims()) {
        Diags.report(B.Data->tokenLoc(Spec.NameToken), Diag::ArrayTooFewExtents)
            << Spec.Name << static_cast<unsigned>(Spec.Extents.size())
            << R.dims();
        Ok = false;
        return;
      }
      Field F;
      F.Name = Spec.Name;
      F.Type = Spec.Type;
      F.Role = Role;
      F.HostIsArray = It->second->getType()->isConstantArrayType();
      size_t Components = Spec.Extents.size() - R.dims();
      F.ComponentExtents.assign(Spec.Extents.begin(),
                                Spec.Extents.begin() + Components);
      for (unsigned A = 0; A < R.dims(); ++A) {
        int64_t Extent = Spec.Extents[Components + A];
        if (R.Axes[A].Extent == 0) {
          R.Axes[A].Extent = Extent;
        } else if (R.Axes[A].Extent != Extent) {
          Diags.report(B.Data->tokenLoc(Spec.NameToken),
                       Diag::SpatialExtentMismatch)
              << Spec.Name << std::to_string(Extent) << R.axisName(A)
              << R.Fields.front().Name << std::to_string(R.Axes[A].Extent);
          Ok = false;
          return;
        }
      }
      FieldByName[F.Name] = R.Fields.size();
      FieldDecls[F.Name] = It->second;
      R.Fields.push_back(std::move(F));
    };
    for (const ArraySpec &S : Data.Sources)
      Add(S, FieldRole::Source);
    for (const ArraySpec &S : Data.Destinations)
      Add(S, FieldRole::Destination);
    if (!Ok)
      return false;
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      if (X.Extent && (X.Lower < 0 || X.Upper > X.Extent)) {
        const clang::ForStmt *Loop = B.CalcLoop;
        for (const CanonicalLoop &L : CalcLoops)
          if (L.Variable->getName() == X.LoopVariable)
            Loop = L.Loop;
        Diags.report(Loop->getForLoc(), Diag::LoopRangeOutsideExtent)
            << "calc" << X.LoopVariable << std::to_string(X.Lower)
            << std::to_string(X.Upper) << std::to_string(X.Extent)
            << R.axisName(A);
        return false;
      }
    }
    return true;
  }

  // --- Accesses
  // ----------------------------------------------------------------

  struct Access {
    unsigned Field = 0;
    std::vector<int64_t> Components;
    std::array<int64_t, MaxAxes> Offsets{};
  };

  /// The field a DeclRefExpr names, if it is an array of the data clause.
  std::optional<unsigned> fieldOf(const clang::VarDecl *V) {
    auto It = FieldByName.find(V->getName().str());
    if (It != FieldByName.end() && FieldDecls[It->first] == V)
      return It->second;
    return std::nullopt;
  }

  bool isArrayVariable(const clang::VarDecl *V) {
    return V->getType()->isArrayType() || V->getType()->isPointerType();
  }

  /// Offset of a spatial subscript `v`, `v + c`, `v - c` or `c + v`.
  std::optional<int64_t> axisOffset(const clang::Expr *E, unsigned A) {
    E = E->IgnoreParenImpCasts();
    auto IsAxisVar = [&](const clang::Expr *X) {
      const auto *Ref = dyn_cast<clang::DeclRefExpr>(X->IgnoreParenImpCasts());
      if (!Ref)
        return false;
      auto It = AxisOfVariable.find(dyn_cast<clang::VarDecl>(Ref->getDecl()));
      return It != AxisOfVariable.end() && It->second == A;
    };
    if (IsAxisVar(E))
      return 0;
    const auto *Bin = dyn_cast<clang::BinaryOperator>(E);
    if (!Bin)
      return std::nullopt;
    if (Bin->getOpcode() == clang::BO_Add) {
      if (IsAxisVar(Bin->getLHS()))
        return constant(Bin->getRHS());
      if (IsAxisVar(Bin->getRHS()))
        return constant(Bin->getLHS());
    }
    if (Bin->getOpcode() == clang::BO_Sub && IsAxisVar(Bin->getLHS()))
      if (auto C = constant(Bin->getRHS()))
        return -*C;
    return std::nullopt;
  }

  std::optional<Access> convertAccess(const clang::ArraySubscriptExpr *E,
                                      const char *Where) {
    std::vector<const clang::Expr *> Subscripts;
    const clang::Expr *Base = E;
    while (const auto *S = dyn_cast<clang::ArraySubscriptExpr>(
               Base->IgnoreParenImpCasts())) {
      Subscripts.insert(Subscripts.begin(), S->getIdx());
      Base = S->getBase();
    }
    const auto *Ref = dyn_cast<clang::DeclRefExpr>(Base->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
    if (!V) {
      Diags.report(E->getBeginLoc(), Diag::UnsupportedExpression);
      return std::nullopt;
    }
    auto FieldIndex = fieldOf(V);
    if (!FieldIndex) {
      Diags.report(Ref->getLocation(), Diag::ArrayNotInData)
          << V->getName() << Where;
      return std::nullopt;
    }
    const Field &F = R.Fields[*FieldIndex];
    unsigned Expected = F.ComponentExtents.size() + R.dims();
    if (Subscripts.size() != Expected) {
      Diags.report(E->getBeginLoc(), Diag::SubscriptCount)
          << F.Name << Expected << static_cast<unsigned>(Subscripts.size());
      return std::nullopt;
    }
    Access Result;
    Result.Field = *FieldIndex;
    for (size_t C = 0; C < F.ComponentExtents.size(); ++C) {
      auto Value = constant(Subscripts[C]);
      if (!Value) {
        Diags.report(Subscripts[C]->getBeginLoc(), Diag::ComponentNotConstant)
            << F.Name;
        return std::nullopt;
      }
      if (*Value < 0 || *Value >= F.ComponentExtents[C]) {
        Diags.report(Subscripts[C]->getBeginLoc(), Diag::ComponentOutOfRange)
            << std::to_string(*Value) << F.Name
            << std::to_string(F.ComponentExtents[C]);
        return std::nullopt;
      }
      Result.Components.push_back(*Value);
    }
    for (unsigned A = 0; A < R.dims(); ++A) {
      const clang::Expr *Sub = Subscripts[F.ComponentExtents.size() + A];
      auto Offset = axisOffset(Sub, A);
      if (!Offset) {
        Diags.report(Sub->getBeginLoc(), Diag::OffsetNotConstant)
            << static_cast<unsigned>(F.ComponentExtents.size() + A + 1)
            << F.Name << R.Axes[A].LoopVariable;
        return std::nullopt;
      }
      Result.Offsets[A] = *Offset;
    }
    return Result;
  }

  /// Checks that an access stays inside the extents over the given range.
  bool checkInside(const Access &Acc, const std::array<int64_t, MaxAxes> &Lower,
                   const std::array<int64_t, MaxAxes> &Upper,
                   clang::SourceLocation Loc) {
    const Field &F = R.Fields[Acc.Field];
    for (unsigned A = 0; A < R.dims(); ++A) {
      if (Upper[A] <= Lower[A])
        continue;
      int64_t First = Lower[A] + Acc.Offsets[A];
      int64_t Last = Upper[A] - 1 + Acc.Offsets[A];
      int64_t Bad = First < 0 ? First : Last >= R.Axes[A].Extent ? Last : 0;
      if (First < 0 || Last >= R.Axes[A].Extent) {
        Diags.report(Loc, Diag::AccessOutsideExtent)
            << F.Name << std::to_string(Bad) << R.axisName(A)
            << std::to_string(R.Axes[A].Extent);
        return false;
      }
    }
    return true;
  }

  // --- Update function
  // ----------------------------------------------------------

  ExprPtr fail(const clang::Expr *E, Diag D) {
    Diags.report(E->getBeginLoc(), D);
    return nullptr;
  }

  void countOperator() { ++R.OperatorCount; }

  ExprPtr convertRead(const clang::ArraySubscriptExpr *E) {
    auto Acc = convertAccess(E, "calc");
    if (!Acc ||
        !checkInside(*Acc, R.calcLower(), R.calcUpper(), E->getBeginLoc()))
      return nullptr;
    Field &F = R.Fields[Acc->Field];
    if (F.Role == FieldRole::Destination) {
      for (unsigned A = 0; A < R.dims(); ++A)
        if (Acc->Offsets[A] != 0) {
          Diags.report(E->getBeginLoc(), Diag::DestinationReadOffset) << F.Name;
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

  ExprPtr convertVariable(const clang::DeclRefExpr *Ref) {
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
    if (CapturedDecls.insert(V).second)
      R.Scalars.push_back({V->getName().str(), *Type});
    return Expr::make(Expr::ScalarRef, V->getName().str());
  }

  ExprPtr convertCall(const clang::CallExpr *Call) {
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
        ExprPtr Cast = Expr::make(Expr::Cast,
                                  ParamType.getUnqualifiedType().getAsString());
        Cast->Operands.push_back(std::move(Converted));
        Converted = std::move(Cast);
      }
      Out->Operands.push_back(std::move(Converted));
    }
    return Out;
  }

  ExprPtr convert(const clang::Expr *E) {
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
      if (Op != clang::UO_Minus && Op != clang::UO_Plus &&
          Op != clang::UO_LNot && Op != clang::UO_Not)
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
      ExprPtr Out = Expr::make(
          Expr::Cast, Cast->getType().getUnqualifiedType().getAsString());
      Out->Operands.push_back(std::move(Inner));
      return Out;
    }
    return fail(E, Diag::UnsupportedExpression);
  }

  std::string reductionForm() {
    const std::string &V = B.Calc->D.Reduction->Variable;
    switch (B.Calc->D.Reduction->Op) {
    case ReductionOp::Sum:
      return "'" + V + " += expr'";
    case ReductionOp::Min:
      return "'" + V + " = fmin(" + V + ", expr)' (or fminf)";
    case ReductionOp::Max:
      return "'" + V + " = fmax(" + V + ", expr)' (or fmaxf)";
    }
    return "";
  }

  bool refersTo(const clang::Expr *E, const clang::VarDecl *V) {
    ReferenceCollector Refs;
    Refs.Filter.insert(V);
    Refs.TraverseStmt(const_cast<clang::Expr *>(E));
    return Refs.FirstRef != nullptr;
  }

  /// `v += e`, or `v = fmin(v, e)` / `v = fmax(v, e)` for min and max.
  bool convertReductionUpdate(const clang::BinaryOperator *Assign) {
    const ReductionSpec &Spec = *B.Calc->D.Reduction;
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
        const auto *First = dyn_cast<clang::DeclRefExpr>(
            Call->getArg(0)->IgnoreParenImpCasts());
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

  bool convertAssignment(const clang::BinaryOperator *Assign) {
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
        R.Locals.push_back(
            {V->getName().str(), *scalarTypeOf(V->getType()), false});
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

  bool convertDeclaration(const clang::DeclStmt *DS) {
    for (const clang::Decl *D : DS->decls()) {
      const auto *V = dyn_cast<clang::VarDecl>(D);
      auto Type = V ? scalarTypeOf(V->getType()) : std::nullopt;
      if (!Type) {
        Diags.report(D->getLocation(), V ? Diag::UnsupportedScalarType
                                         : Diag::UnsupportedStatement)
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

  bool buildUpdate() {
    if (B.Calc->D.Reduction) {
      const ReductionSpec &Spec = *B.Calc->D.Reduction;
      ReferenceCollector Refs;
      Refs.TraverseStmt(const_cast<clang::Stmt *>(CalcBody));
      auto It = Refs.Variables.find(Spec.Variable);
      if (It == Refs.Variables.end()) {
        Diags.report(B.Calc->tokenLoc(Spec.VariableToken),
                     Diag::ReductionNotUpdated)
            << Spec.Variable;
        return false;
      }
      ReductionDecl = It->second;
      auto Type = scalarTypeOf(ReductionDecl->getType());
      if (!Type || *Type == ScalarType::UInt || *Type == ScalarType::ULong) {
        Diags.report(B.Calc->tokenLoc(Spec.VariableToken), Diag::ReductionType)
            << Spec.Variable;
        return false;
      }
      R.Reduce = Reduction{Spec.Op, Spec.Variable, *Type};
    }

    std::vector<const clang::Stmt *> Statements;
    if (const auto *C = dyn_cast<clang::CompoundStmt>(CalcBody))
      Statements.assign(C->body_begin(), C->body_end());
    else
      Statements.push_back(CalcBody);
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
      Diags.report(B.Calc->tokenLoc(B.Calc->D.Reduction->VariableToken),
                   Diag::ReductionNotUpdated)
          << R.Reduce->Variable;
      return false;
    }
    return true;
  }

  // --- Copy nest
  // ----------------------------------------------------------------

  bool copyError(const clang::Stmt *At, const std::string &Why) {
    Diags.report(At->getBeginLoc(), Diag::CopyNotPlain) << Why;
    return false;
  }

  bool buildCopy() {
    if (!B.CopyLoop)
      return true;
    const clang::Stmt *Body = nullptr;
    auto Loops =
        parseLoopNest(B.CopyLoop, R.dims(), "copy", Context, Diags, Body);
    if (!Loops)
      return false;
    CopyLoops = *Loops;
    R.Copy.Present = true;
    std::vector<bool> Seen(R.dims(), false);
    for (const CanonicalLoop &L : *Loops) {
      // By name: a copy loop may declare its own `int i`.
      unsigned A = 0;
      while (A < R.dims() && R.Axes[A].LoopVariable != L.Variable->getName())
        ++A;
      if (A == R.dims()) {
        Diags.report(L.Loop->getForLoc(), Diag::LoopVariableNotDimension)
            << L.Variable->getName() << "copy";
        return false;
      }
      AxisOfVariable[L.Variable] = A;
      Seen[A] = true;
      R.Copy.Lower[A] = L.Lower;
      R.Copy.Upper[A] = L.Upper;
      if (L.Lower < 0 || L.Upper > R.Axes[A].Extent) {
        Diags.report(L.Loop->getForLoc(), Diag::LoopRangeOutsideExtent)
            << "copy" << L.Variable->getName() << std::to_string(L.Lower)
            << std::to_string(L.Upper) << std::to_string(R.Axes[A].Extent)
            << R.axisName(A);
        return false;
      }
    }
    for (unsigned A = 0; A < R.dims(); ++A)
      if (!Seen[A]) {
        Diags.report(B.CopyLoop->getForLoc(), Diag::DimensionNotLoopVariable)
            << R.Axes[A].LoopVariable << "copy";
        return false;
      }
    std::vector<const clang::Stmt *> Statements;
    if (const auto *C = dyn_cast<clang::CompoundStmt>(Body))
      Statements.assign(C->body_begin(), C->body_end());
    else
      Statements.push_back(Body);
    for (const clang::Stmt *S : Statements) {
      if (llvm::isa<clang::NullStmt>(S))
        continue;
      const auto *Assign = dyn_cast<clang::BinaryOperator>(S);
      if (!Assign || Assign->getOpcode() != clang::BO_Assign)
        return copyError(S, "expected assignments 'A[...] = B[...]' only");
      const auto *Lhs = dyn_cast<clang::ArraySubscriptExpr>(
          Assign->getLHS()->IgnoreParenImpCasts());
      const auto *Rhs = dyn_cast<clang::ArraySubscriptExpr>(
          Assign->getRHS()->IgnoreParenImpCasts());
      if (!Lhs || !Rhs)
        return copyError(S, "expected assignments 'A[...] = B[...]' only");
      auto Target = convertAccess(Lhs, "copy");
      auto Value = Target ? convertAccess(Rhs, "copy") : std::nullopt;
      if (!Value)
        return false;
      for (const auto &[Acc, At] : {std::pair{*Target, Lhs}, {*Value, Rhs}})
        for (unsigned A = 0; A < R.dims(); ++A)
          if (Acc.Offsets[A] != 0)
            return copyError(At, "'" + R.Fields[Acc.Field].Name +
                                     "' is accessed at an offset");
      const Field &TF = R.Fields[Target->Field];
      const Field &VF = R.Fields[Value->Field];
      if (TF.Role != FieldRole::Source)
        return copyError(Lhs, "'" + TF.Name + "' is not a source array");
      if (VF.Role != FieldRole::Destination)
        return copyError(Rhs, "'" + VF.Name + "' is not a destination array");
      if (TF.Type != VF.Type)
        return copyError(S, "'" + TF.Name + "' and '" + VF.Name +
                                "' have different element types");
      R.Copy.Assignments.push_back(
          {Target->Field, Target->Components, Value->Field, Value->Components});
    }
    return true;
  }

  void assignRoles() {
    for (unsigned I = 0; I < R.Fields.size(); ++I) {
      Field &F = R.Fields[I];
      if (F.Role != FieldRole::Source)
        continue;
      bool CopiedInto = false;
      for (const CopyAssignment &C : R.Copy.Assignments)
        CopiedInto |= C.TargetField == I;
      if (!CopiedInto)
        F.Role = FieldRole::ReadOnly;
    }
  }

  // --- Time-loop body
  // ---------------------------------------------------------

  /// Source text of a host statement, with its semicolon.
  std::string statementText(const clang::Stmt *S) {
    clang::SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
    std::optional<clang::Token> Next =
        clang::Lexer::findNextToken(End, SM, Context.getLangOpts());
    if (Next && Next->is(clang::tok::semi))
      End = Next->getLocation();
    return sourceText({S->getBeginLoc(), End});
  }

  bool buildBody() {
    std::vector<const clang::Stmt *> Statements;
    if (const auto *C = dyn_cast<clang::CompoundStmt>(B.TimeLoop->getBody()))
      Statements.assign(C->body_begin(), C->body_end());
    else
      Statements.push_back(B.TimeLoop->getBody()); // The calc nest itself.
    std::set<const clang::VarDecl *> FieldVars;
    for (const auto &[Name, Decl] : FieldDecls)
      FieldVars.insert(Decl);
    for (const clang::Stmt *S : Statements) {
      if (S == B.CalcLoop) {
        R.Body.push_back({TimeLoopItem::Calc, ""});
      } else if (S == B.CopyLoop) {
        R.Body.push_back({TimeLoopItem::Copy, ""});
      } else if (!llvm::isa<clang::NullStmt>(S)) {
        ReferenceCollector Refs;
        Refs.Filter = FieldVars;
        Refs.TraverseStmt(const_cast<clang::Stmt *>(S));
        if (Refs.FirstRef) {
          Diags.report(Refs.FirstRef->getLocation(),
                       Diag::HostStatementUsesArray)
              << Refs.FirstRef->getDecl()->getName();
          return false;
        }
        R.Body.push_back({TimeLoopItem::HostStatement, statementText(S)});
      }
    }
    recordLoopVariablesAfter();
    return checkPrivatesUnusedAfter();
  }

  /// Whether code after the region, and code anywhere outside it, refers to
  /// `V` (globals count as used outside).
  OutsideUses usesOutside(const clang::VarDecl *V) const {
    return usesOutsideRegion(V, B.Function, B.Begin->HashLoc, B.End->HashLoc,
                             SM);
  }

  /// A private temporary declared outside calc holds the last point's value
  /// after the serial loops; no parallel order can give that back.
  bool checkPrivatesUnusedAfter() {
    for (const auto &[V, FirstWrite] : PrivateFirstWrite)
      if (V->hasGlobalStorage() || usesOutside(V).After) {
        Diags.report(FirstWrite, Diag::PrivateReadAfterRegion) << V->getName();
        return false;
      }
    return true;
  }

  /// After a step, the loop variables of the last nest hold their upper
  /// bounds, provided every loop of that nest ran.
  void recordLoopVariablesAfter() {
    std::map<const clang::VarDecl *, std::optional<int64_t>> Exits;
    const std::vector<CanonicalLoop> *Last = nullptr;
    for (const TimeLoopItem &Item : R.Body)
      if (Item.ItemKind != TimeLoopItem::HostStatement)
        Last = Item.ItemKind == TimeLoopItem::Calc ? &CalcLoops : &CopyLoops;
    bool AllRan = true;
    for (const CanonicalLoop &L : *Last)
      AllRan &= L.Upper > L.Lower;
    for (const auto *Loops : {&CalcLoops, &CopyLoops})
      for (const CanonicalLoop &L : *Loops)
        if (!llvm::isa<clang::DeclStmt>(L.Loop->getInit()))
          Exits[L.Variable] = std::nullopt;
    for (const CanonicalLoop &L : *Last)
      if (AllRan && Exits.count(L.Variable))
        Exits[L.Variable] = L.Upper;

    for (const auto &[V, Value] : Exits) {
      OutsideUses Uses = usesOutside(V);
      R.Time.LoopVariables.push_back({V->getName().str(),
                                      Uses.After ? Value : std::nullopt,
                                      !Uses.Anywhere});
    }
  }
};

} // namespace

std::optional<ir::StencilRegion> buildStencilIR(const BoundRegion &Bound,
                                                const std::string &RegionName,
                                                clang::ASTContext &Context,
                                                DiagnosticReporter &Diags) {
  return Builder(Bound, Context, Diags).run(RegionName);
}

} // namespace tilec
