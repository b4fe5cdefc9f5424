//===- ExprTypesTest.cpp - C types of update expressions, and the printer's
// multiplications by type ------------------------------------------------===//
#include "ir/ExprTypes.h"
#include "ir/ExprPrinter.h"

#include <gtest/gtest.h>

using namespace tilec;
using namespace tilec::ir;

namespace {

/// A 2D region over j, i with a float field A, a double field D and an int
/// field N; scalars w (float), h (double), k (int); a region local s
/// (double) and a reduction of doubles.
StencilRegion region() {
  StencilRegion R;
  R.Name = "r";
  R.Axes.resize(2);
  R.Axes[0].LoopVariable = "j";
  R.Axes[0].LoopVariableType = "int";
  R.Axes[1].LoopVariable = "i";
  R.Axes[1].LoopVariableType = "int";
  Field A, D, N;
  A.Name = "A";
  A.Type = ElementType::Float;
  D.Name = "D";
  D.Type = ElementType::Double;
  N.Name = "N";
  N.Type = ElementType::Int;
  R.Fields = {A, D, N};
  CapturedScalar W, H, K;
  W.Name = "w";
  W.Type = ScalarType::Float;
  H.Name = "h";
  H.Type = ScalarType::Double;
  K.Name = "k";
  K.Type = ScalarType::Int;
  R.Scalars = {W, H, K};
  R.Locals = {{"s", ScalarType::Double, true, false}};
  R.Reduce = Reduction{ReductionOp::Sum, "sum", ScalarType::Double, false};
  return R;
}

ExprPtr leaf(Expr::Kind K, const std::string &Text) {
  return Expr::make(K, Text);
}

ExprPtr field(unsigned Index, int64_t OffsetX = 0) {
  ExprPtr E = Expr::make(Expr::FieldAccess);
  E->FieldIndex = Index;
  E->Offsets = {0, OffsetX, 0};
  return E;
}

ExprPtr axis(unsigned A) {
  ExprPtr E = Expr::make(Expr::AxisIndex);
  E->AxisNumber = A;
  return E;
}

ExprPtr op(Expr::Kind K, const std::string &Text, std::vector<ExprPtr> Args) {
  ExprPtr E = Expr::make(K, Text);
  for (ExprPtr &A : Args)
    E->Operands.push_back(std::move(A));
  return E;
}

ExprPtr bin(const std::string &Op, ExprPtr L, ExprPtr R) {
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(L));
  Args.push_back(std::move(R));
  return op(Expr::Binary, Op, std::move(Args));
}

ExprPtr one(Expr::Kind K, const std::string &Text, ExprPtr Operand) {
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(Operand));
  return op(K, Text, std::move(Args));
}

std::optional<ScalarType> typeOf(const ExprPtr &E) {
  return exprType(region(), *E);
}

/// Spells each rounded product with its type, so that tests see both.
ExprPrintOptions marking() {
  ExprPrintOptions Print;
  Print.FloatMultiply = [](ScalarType Type, const std::string &L,
                           const std::string &R) {
    return std::string(Type == ScalarType::Float ? "MULF(" : "MULD(") + L +
           ", " + R + ")";
  };
  return Print;
}

} // namespace

TEST(ExprTypes, Leaves) {
  EXPECT_EQ(typeOf(field(0)), ScalarType::Float);
  EXPECT_EQ(typeOf(field(1)), ScalarType::Double);
  EXPECT_EQ(typeOf(field(2)), ScalarType::Int);
  EXPECT_EQ(typeOf(leaf(Expr::ScalarRef, "w")), ScalarType::Float);
  EXPECT_EQ(typeOf(leaf(Expr::ScalarRef, "h")), ScalarType::Double);
  EXPECT_EQ(typeOf(leaf(Expr::LocalRef, "s")), ScalarType::Double);
  EXPECT_EQ(typeOf(leaf(Expr::ReductionRef, "sum")), ScalarType::Double);
  EXPECT_EQ(typeOf(axis(1)), ScalarType::Int);
  EXPECT_EQ(typeOf(leaf(Expr::ScalarRef, "nothing")), std::nullopt);
  EXPECT_EQ(typeOf(leaf(Expr::LocalRef, "nothing")), std::nullopt);
}

TEST(ExprTypes, Literals) {
  EXPECT_EQ(typeOf(leaf(Expr::IntLiteral, "7")), ScalarType::Int);
  EXPECT_EQ(typeOf(leaf(Expr::IntLiteral, "7u")), ScalarType::UInt);
  EXPECT_EQ(typeOf(leaf(Expr::IntLiteral, "7l")), ScalarType::Long);
  EXPECT_EQ(typeOf(leaf(Expr::IntLiteral, "7ul")), ScalarType::ULong);
  EXPECT_EQ(typeOf(leaf(Expr::FloatLiteral, "1.0f")), ScalarType::Float);
  EXPECT_EQ(typeOf(leaf(Expr::FloatLiteral, "1e-05f")), ScalarType::Float);
  EXPECT_EQ(typeOf(leaf(Expr::FloatLiteral, "1.0")), ScalarType::Double);
  EXPECT_EQ(typeOf(leaf(Expr::FloatLiteral, "0.1")), ScalarType::Double);
  EXPECT_EQ(typeOf(leaf(Expr::FloatLiteral, "inf")), ScalarType::Double);
  EXPECT_EQ(typeOf(leaf(Expr::FloatLiteral, "inff")), ScalarType::Float);
}

TEST(ExprTypes, UsualArithmeticConversions) {
  using T = ScalarType;
  EXPECT_EQ(usualArithmeticConversion(T::Float, T::Double), T::Double);
  EXPECT_EQ(usualArithmeticConversion(T::Int, T::Float), T::Float);
  EXPECT_EQ(usualArithmeticConversion(T::ULong, T::Float), T::Float);
  EXPECT_EQ(usualArithmeticConversion(T::Int, T::UInt), T::UInt);
  EXPECT_EQ(usualArithmeticConversion(T::UInt, T::Long), T::Long);
  EXPECT_EQ(usualArithmeticConversion(T::Long, T::ULong), T::ULong);
  EXPECT_EQ(usualArithmeticConversion(T::Int, T::Long), T::Long);
  // Through the tree: a float times a double literal is a double.
  EXPECT_EQ(typeOf(bin("*", field(0), leaf(Expr::FloatLiteral, "0.5"))),
            T::Double);
  EXPECT_EQ(typeOf(bin("*", field(0), leaf(Expr::FloatLiteral, "0.5f"))),
            T::Float);
  EXPECT_EQ(typeOf(bin("*", field(2), leaf(Expr::IntLiteral, "3"))), T::Int);
  EXPECT_EQ(typeOf(bin("*", axis(0), leaf(Expr::ScalarRef, "w"))), T::Float);
  EXPECT_EQ(typeOf(bin("%", field(2), leaf(Expr::IntLiteral, "3u"))), T::UInt);
  EXPECT_EQ(typeOf(bin("<<", leaf(Expr::IntLiteral, "1"),
                       leaf(Expr::IntLiteral, "3l"))),
            T::Int);
}

TEST(ExprTypes, OperatorsCallsAndCasts) {
  using T = ScalarType;
  EXPECT_EQ(typeOf(bin("<", field(1), field(0))), T::Int);
  EXPECT_EQ(typeOf(bin("&&", field(1), field(0))), T::Int);
  EXPECT_EQ(typeOf(one(Expr::Unary, "!", field(1))), T::Int);
  EXPECT_EQ(typeOf(one(Expr::Unary, "-", field(0))), T::Float);
  EXPECT_EQ(typeOf(one(Expr::Paren, "", field(1))), T::Double);
  EXPECT_EQ(typeOf(one(Expr::Cast, "double", field(0))), T::Double);
  EXPECT_EQ(typeOf(one(Expr::Cast, "float", field(1))), T::Float);
  EXPECT_EQ(typeOf(one(Expr::Cast, "unsigned long", field(0))), T::ULong);
  EXPECT_EQ(typeOf(one(Expr::Call, "sqrtf", field(0))), T::Float);
  EXPECT_EQ(typeOf(one(Expr::Call, "sqrt", field(0))), T::Double);
  EXPECT_EQ(typeOf(one(Expr::Call, "fabsf", field(0))), T::Float);
  EXPECT_EQ(typeOf(one(Expr::Call, "abs", field(2))), T::Int);
  EXPECT_EQ(typeOf(one(Expr::Call, "powf", field(0))), T::Float);
  EXPECT_EQ(typeOf(one(Expr::Call, "floor", field(0))), T::Double);
  std::vector<ExprPtr> MinArgs;
  MinArgs.push_back(field(0));
  MinArgs.push_back(field(0));
  EXPECT_EQ(typeOf(op(Expr::Call, "fminf", std::move(MinArgs))), T::Float);
  // The condition does not take part; the branches convert.
  std::vector<ExprPtr> Parts;
  Parts.push_back(field(1));
  Parts.push_back(field(0));
  Parts.push_back(leaf(Expr::IntLiteral, "0"));
  EXPECT_EQ(typeOf(op(Expr::Conditional, "", std::move(Parts))), T::Float);
}

TEST(ExprTypes, StageLocalsComeFirst) {
  StencilRegion R = region();
  std::vector<LocalVariable> StageLocals = {
      {"s", ScalarType::Float, true, false}};
  ExprPtr S = leaf(Expr::LocalRef, "s");
  EXPECT_EQ(exprType(R, *S), ScalarType::Double);
  EXPECT_EQ(exprType(R, *S, &StageLocals), ScalarType::Float);
  // A stage's own temporaries, with no list given.
  R.Locals.clear();
  R.Stages.resize(1);
  R.Stages[0].Locals = StageLocals;
  EXPECT_EQ(exprType(R, *S), ScalarType::Float);
}

TEST(ExprPrinterMultiply, RoundsFloatProductsByType) {
  StencilRegion R = region();
  // A[j][i] * w * 2.0: float times float, then times a double.
  ExprPtr E = bin("*", bin("*", field(0), leaf(Expr::ScalarRef, "w")),
                  leaf(Expr::FloatLiteral, "2.0"));
  EXPECT_EQ(printExpr(R, *E, marking()), "MULD(MULF(A[j][i], w), 2.0)");
  EXPECT_EQ(printExpr(R, *E), "A[j][i] * w * 2.0");
  // Int products stay, also inside a float one; sums are left alone.
  ExprPtr I = bin(
      "+",
      bin("*", field(1, -1), one(Expr::Paren, "", bin("*", field(2), axis(1)))),
      leaf(Expr::FloatLiteral, "1.0"));
  EXPECT_EQ(printExpr(R, *I, marking()),
            "MULD(D[j][i - 1], (N[j][i] * i)) + 1.0");
  // A name no region declares keeps the product as written.
  ExprPtr U = bin("*", leaf(Expr::ScalarRef, "u"), field(0));
  EXPECT_EQ(printExpr(R, *U, marking()), "u * A[j][i]");
}

TEST(ExprPrinterMultiply, CompoundAssignment) {
  StencilRegion R = region();
  Statement S;
  S.Target = leaf(Expr::LocalRef, "s");
  S.Operator = "*=";
  S.Value = bin("+", field(0), leaf(Expr::ScalarRef, "w"));
  EXPECT_EQ(printStatement(R, S, marking()), "s = MULD(s, A[j][i] + w);");
  EXPECT_EQ(printStatement(R, S), "s *= A[j][i] + w;");
  // An int target times an int stays a compound assignment.
  Statement N;
  N.Target = field(2);
  N.Operator = "*=";
  N.Value = leaf(Expr::ScalarRef, "k");
  EXPECT_EQ(printStatement(R, N, marking()), "N[j][i] *= k;");
  // Other compound operators are not products.
  S.Operator = "+=";
  EXPECT_EQ(printStatement(R, S, marking()), "s += A[j][i] + w;");
}
