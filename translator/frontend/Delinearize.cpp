//===- Delinearize.cpp - Per-axis offsets of a linearized subscript ------===//
//
// `in[(z*NY + y)*NX + x - 1]`, `in[z*NY*NX + y*NX + x]`, or the same through
// a macro such as IDX(z, y, x - 1): the subscript of a flat array is read as
// a linear form over the region's loop variables. Each variable must carry
// its axis's stride in the data clause's shape, and the constant left over
// splits into per-axis offsets, nearest first from the outermost axis.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

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
static std::optional<LinearForm>
linearForm(const clang::Expr *E, clang::ASTContext &Context,
           const std::map<const clang::VarDecl *, unsigned> &Axes) {
  E = E->IgnoreParens();
  clang::Expr::EvalResult Value;
  if (!E->isValueDependent() && E->EvaluateAsInt(Value, Context)) {
    LinearForm L;
    L.Constant = Value.Val.getInt().getExtValue();
    return L;
  }
  if (const auto *Cast = dyn_cast<clang::CastExpr>(E))
    return Cast->getType()->isIntegerType()
               ? linearForm(Cast->getSubExpr(), Context, Axes)
               : std::nullopt;
  if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(E)) {
    const auto *V = dyn_cast<clang::VarDecl>(Ref->getDecl());
    if (!V || !Axes.count(V))
      return std::nullopt;
    LinearForm L;
    L.Coefficients[V] = 1;
    return L;
  }
  if (const auto *U = dyn_cast<clang::UnaryOperator>(E)) {
    auto Inner = linearForm(U->getSubExpr(), Context, Axes);
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
  auto Lhs = linearForm(B->getLHS(), Context, Axes);
  auto Rhs = linearForm(B->getRHS(), Context, Axes);
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

std::optional<std::array<int64_t, MaxAxes>>
RegionBuilder::delinearize(const clang::Expr *Subscript, const Field &F) {
  std::array<int64_t, MaxAxes> Strides{};
  std::string Shape, Expected;
  int64_t Stride = 1;
  for (unsigned A = R.dims(); A-- > 0;) {
    Strides[A] = Stride;
    Stride *= R.Axes[A].Extent;
  }
  for (unsigned A = 0; A < R.dims(); ++A) {
    Shape += "[" + std::to_string(R.Axes[A].Extent) + "]";
    std::string Term = "(" + R.Axes[A].LoopVariable + " + c)";
    if (Strides[A] != 1)
      Term += " * " + std::to_string(Strides[A]);
    Expected += (A ? " + " : "") + Term;
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
  std::optional<LinearForm> L = linearForm(Subscript, Context, AxisOfVariable);
  if (!L)
    return Fail();
  std::array<int64_t, MaxAxes> Offsets{};
  for (unsigned A = 0; A < R.dims(); ++A) {
    // A boundary stage's fixed axis has no loop variable: its plane is
    // part of the constant.
    int64_t Want = FixedAt[A] ? 0 : Strides[A];
    int64_t Have = 0;
    for (const auto &[V, C] : L->Coefficients)
      if (AxisOfVariable.at(V) == A)
        Have += C;
    if (Have != Want)
      return Fail();
  }
  int64_t Rest = L->Constant;
  for (unsigned A = 0; A < R.dims(); ++A) {
    int64_t Plane = FixedAt[A] ? *FixedAt[A] : 0;
    int64_t D = A + 1 == R.dims() ? Rest : nearestQuotient(Rest, Strides[A]);
    Rest -= D * Strides[A];
    Offsets[A] = D - Plane;
  }
  return Offsets;
}

} // namespace tilec
