//===- Delinearize.cpp - Per-axis offsets of a linearized subscript ------===//
//
// `in[(z*NY + y)*NX + x - 1]`, `in[z*NY*NX + y*NX + x]`, or the same through
// a macro such as IDX(z, y, x - 1): the subscript of a flat array is read as
// a linear form over the region's loop variables. Each variable must carry
// its axis's stride in the data clause's shape, and the constant left over
// splits into per-axis offsets, nearest first from the outermost axis.
//
// Extents known only at run time (`in[(z*ny + y)*nx + x]` with `int nx`)
// are symbols: the form is read twice with two sets of large values
// substituted for the variables they name, and must give the same offsets
// both times (an identity of polynomials that holds at two such points
// holds for the subscripts that real codes write).
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"
#include "frontend/RunTimeExpressions.h"

#include "ir/SizeAssumptions.h"

#include <map>

namespace tilec {

using namespace ir;
using clang::dyn_cast;

namespace {

/// sum(Coefficients[v] * v) + Constant.
struct LinearForm {
  std::map<const clang::VarDecl *, int64_t> Coefficients;
  int64_t Constant = 0;

  /// False when a coefficient or the constant overflows 64 bits (no
  /// subscript of a real grid comes near; such input is an error).
  bool add(const LinearForm &Other, int64_t Sign) {
    bool Overflow = false;
    for (const auto &[V, C] : Other.Coefficients) {
      int64_t Term = 0;
      Overflow |=
          __builtin_mul_overflow(Sign, C, &Term) ||
          __builtin_add_overflow(Coefficients[V], Term, &Coefficients[V]);
    }
    int64_t Term = 0;
    Overflow |= __builtin_mul_overflow(Sign, Other.Constant, &Term) ||
                __builtin_add_overflow(Constant, Term, &Constant);
    return !Overflow;
  }
  bool scale(int64_t Factor) {
    bool Overflow = false;
    for (auto &[V, C] : Coefficients)
      Overflow |= __builtin_mul_overflow(C, Factor, &C);
    Overflow |= __builtin_mul_overflow(Constant, Factor, &Constant);
    return !Overflow;
  }
  bool isConstant() const {
    for (const auto &[V, C] : Coefficients)
      if (C)
        return false;
    return true;
  }
};

/// Rounds A / B to the nearest integer (B > 0), halves toward zero.
int64_t nearestQuotient(int64_t A, int64_t B) {
  int64_t Q = A / B, Rest = A % B;
  if (2 * Rest > B)
    ++Q;
  else if (2 * Rest < -B)
    --Q;
  return Q;
}

} // namespace

/// The linear form of `E`, or nothing if it is not one (a product of two
/// variables, a call, a division by a variable...).
using Substitution = std::map<const clang::VarDecl *, int64_t>;

static std::optional<LinearForm>
linearForm(const clang::Expr *E, clang::ASTContext &Context,
           const std::map<const clang::VarDecl *, unsigned> &Axes,
           const Substitution &Symbols) {
  E = E->IgnoreParens();
  clang::Expr::EvalResult Value;
  if (!E->isValueDependent() && E->EvaluateAsInt(Value, Context)) {
    LinearForm L;
    L.Constant = Value.Val.getInt().getExtValue();
    return L;
  }
  if (const auto *Cast = dyn_cast<clang::CastExpr>(E))
    return Cast->getType()->isIntegerType()
               ? linearForm(Cast->getSubExpr(), Context, Axes, Symbols)
               : std::nullopt;
  if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(E)) {
    const auto *V = dyn_cast<clang::VarDecl>(Ref->getDecl());
    LinearForm L;
    if (auto Symbol = V ? Symbols.find(V) : Symbols.end();
        Symbol != Symbols.end()) {
      L.Constant = Symbol->second;
      return L;
    }
    if (!V || !Axes.count(V))
      return std::nullopt;
    L.Coefficients[V] = 1;
    return L;
  }
  if (const auto *U = dyn_cast<clang::UnaryOperator>(E)) {
    auto Inner = linearForm(U->getSubExpr(), Context, Axes, Symbols);
    if (!Inner)
      return std::nullopt;
    if (U->getOpcode() == clang::UO_Minus && !Inner->scale(-1))
      return std::nullopt;
    if (U->getOpcode() != clang::UO_Minus && U->getOpcode() != clang::UO_Plus)
      return std::nullopt;
    return Inner;
  }
  const auto *B = dyn_cast<clang::BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto Lhs = linearForm(B->getLHS(), Context, Axes, Symbols);
  auto Rhs = linearForm(B->getRHS(), Context, Axes, Symbols);
  if (!Lhs || !Rhs)
    return std::nullopt;
  switch (B->getOpcode()) {
  case clang::BO_Add:
  case clang::BO_Sub:
    if (!Lhs->add(*Rhs, B->getOpcode() == clang::BO_Add ? 1 : -1))
      return std::nullopt;
    return Lhs;
  case clang::BO_Mul:
    if (Rhs->isConstant())
      return Lhs->scale(Rhs->Constant) ? Lhs : std::nullopt;
    if (Lhs->isConstant())
      return Rhs->scale(Lhs->Constant) ? Rhs : std::nullopt;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The per-axis offsets of `Subscript` against the grid `Extents`
/// (`Symbols` giving the values of the variables extents name), or
/// nothing. `FixedAt` holds a boundary stage's planes.
static std::optional<std::array<int64_t, MaxAxes>>
offsetsAgainst(const clang::Expr *Subscript, clang::ASTContext &Context,
               const std::map<const clang::VarDecl *, unsigned> &Axes,
               const Substitution &Symbols,
               const std::array<int64_t, MaxAxes> &Extents, unsigned Dims,
               const std::array<std::optional<int64_t>, MaxAxes> &FixedAt) {
  std::array<int64_t, MaxAxes> Strides{};
  int64_t Stride = 1;
  for (unsigned A = Dims; A-- > 0;) {
    Strides[A] = Stride;
    if (__builtin_mul_overflow(Stride, Extents[A], &Stride))
      return std::nullopt;
  }
  std::optional<LinearForm> L = linearForm(Subscript, Context, Axes, Symbols);
  if (!L)
    return std::nullopt;
  for (unsigned A = 0; A < Dims; ++A) {
    // A boundary stage's fixed axis has no loop variable: its plane is
    // part of the constant.
    int64_t Want = FixedAt[A] ? 0 : Strides[A];
    int64_t Have = 0;
    for (const auto &[V, C] : L->Coefficients)
      if (Axes.at(V) == A)
        Have += C;
    if (Have != Want)
      return std::nullopt;
  }
  std::array<int64_t, MaxAxes> Offsets{};
  int64_t Rest = L->Constant;
  for (unsigned A = 0; A < Dims; ++A) {
    int64_t Plane = FixedAt[A] ? *FixedAt[A] : 0;
    int64_t D = A + 1 == Dims ? Rest : nearestQuotient(Rest, Strides[A]);
    Rest -= D * Strides[A];
    Offsets[A] = D - Plane;
  }
  return Offsets;
}

std::optional<std::array<int64_t, MaxAxes>>
RegionBuilder::delinearize(const clang::Expr *Subscript, const Field &F) {
  // The form expected, for the message: strides as numbers while the
  // extents are constants, then as products of the extents' texts.
  std::string Shape, Expected, Stride;
  int64_t Numeric = 1;
  for (unsigned A = R.dims(); A-- > 0;) {
    const Axis &X = R.Axes[A];
    std::string Extent =
        X.runTimeExtent() ? X.ExtentText : std::to_string(X.Extent);
    Shape = "[" + Extent + "]" + Shape;
    std::string Term = "(" + X.LoopVariable + " + c)";
    if (!Stride.empty())
      Term += " * " + Stride;
    Expected = Term + (Expected.empty() ? "" : " + ") + Expected;
    bool Simple = Extent.find_first_of(" +-*/%") == std::string::npos;
    Extent = Simple ? Extent : "(" + Extent + ")";
    if (Numeric && !X.runTimeExtent()) {
      Numeric *= X.Extent;
      Stride = std::to_string(Numeric);
    } else {
      Numeric = 0;
      Stride = Stride.empty() ? Extent : Extent + " * " + Stride;
    }
  }
  auto Fail = [&]() -> std::optional<std::array<int64_t, MaxAxes>> {
    Diags.report(Subscript->getBeginLoc(), Diag::FlatSubscript)
        << F.Name << Shape << Expected;
    return std::nullopt;
  };
  if (!F.ComponentExtents.empty()) {
    Diags.report(Subscript->getBeginLoc(), Diag::FlatComponents) << F.Name;
    return std::nullopt;
  }
  // Constant extents: one reading. Run-time ones: two, with the variables
  // the extents name set to two sets of large, distinct values.
  bool RunTime = false;
  for (const Axis &X : R.Axes)
    RunTime |= X.runTimeExtent();
  std::optional<std::array<int64_t, MaxAxes>> First;
  for (int Reading = 0; Reading < (RunTime ? 2 : 1); ++Reading) {
    ir::SizeAssumptions Values;
    Substitution Symbols;
    int64_t Next = Reading ? 1000033 : 1000003;
    std::array<int64_t, MaxAxes> Extents{};
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      Extents[A] = X.Extent;
      if (!X.runTimeExtent())
        continue;
      for (const std::string &Name : identifiersOf(X.ExtentText)) {
        if (Values.Values.count(Name))
          continue;
        Values.Values[Name] = Next;
        Next += Reading ? 98 : 46;
        if (const auto *V =
                llvm::dyn_cast_or_null<clang::VarDecl>(visibleDeclaration(
                    Name, B.Function, B.Begin->HashLoc, Context)))
          Symbols[V] = Values.Values[Name];
      }
      std::optional<int64_t> Value = Values.evaluate(X.ExtentText);
      if (!Value || *Value <= 0)
        return Fail();
      Extents[A] = *Value;
    }
    auto Offsets = offsetsAgainst(Subscript, Context, AxisOfVariable, Symbols,
                                  Extents, R.dims(), FixedAt);
    if (!Offsets || (First && *First != *Offsets))
      return Fail();
    First = Offsets;
  }
  return First;
}

} // namespace tilec
