//===- IRBuilderTest.cpp - From annotated C to the stencil IR ------------===//
#include "frontend/StencilFrontendAction.h"
#include "ir/ExprPrinter.h"

#include <gtest/gtest.h>

using namespace tilec;
using namespace tilec::ir;

namespace {

std::vector<StencilRegion> build(const std::string &Code,
                                 bool ExpectOk = true) {
  std::vector<StencilRegion> Regions;
  bool Ok = buildRegionsFromCode(
      Code, {"-resource-dir=" TILEC_TEST_RESOURCE_DIR}, "input.c", Regions);
  EXPECT_EQ(Ok, ExpectOk) << Code;
  return Regions;
}

const Field *field(const StencilRegion &R, const std::string &Name) {
  for (const Field &F : R.Fields)
    if (F.Name == Name)
      return &F;
  ADD_FAILURE() << "no field " << Name;
  return nullptr;
}

const char *Heat2D = R"(
float A[16][20], B[16][20];
void run(float c0, float c1) {
  int t, j, i;
#pragma stencil begin
#pragma stencil step(t:5)
#pragma stencil data source(float A[16][20]) destination(float B[16][20])
#pragma stencil dimension(j, i)
  for (t = 0; t < 5; t++) {
#pragma stencil calc
    for (j = 1; j < 15; j++)
      for (i = 2; i <= 17; i++)
        B[j][i] = c0 * A[j][i] + c1 * (A[j - 1][i] + A[j + 1][i] + A[j][i - 2] + A[j][i + 1]);
#pragma stencil copy
    for (j = 1; j < 15; j++)
      for (i = 2; i < 18; i++)
        A[j][i] = B[j][i];
  }
#pragma stencil end
}
)";

TEST(IRBuilder, GridFieldsAndHalo) {
  std::vector<StencilRegion> Regions = build(Heat2D);
  ASSERT_EQ(Regions.size(), 1u);
  const StencilRegion &R = Regions[0];
  EXPECT_EQ(R.Name, "input");
  ASSERT_EQ(R.dims(), 2u);
  EXPECT_EQ(R.Axes[0].LoopVariable, "j");
  EXPECT_EQ(R.Axes[0].Extent, 16);
  EXPECT_EQ(R.Axes[1].LoopVariable, "i");
  EXPECT_EQ(R.Axes[1].Extent, 20);
  EXPECT_EQ(R.Axes[1].Lower, 2);
  EXPECT_EQ(R.Axes[1].Upper, 18); // `<=` is inclusive
  EXPECT_EQ(R.Time.Variable, "t");
  EXPECT_EQ(R.Time.StepCount, 5);

  const Field *A = field(R, "A");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Role, FieldRole::Source);
  EXPECT_EQ(A->Reads.Minus[0], 1);
  EXPECT_EQ(A->Reads.Plus[0], 1);
  EXPECT_EQ(A->Reads.Minus[1], 2); // asymmetric along x
  EXPECT_EQ(A->Reads.Plus[1], 1);
  const Field *B = field(R, "B");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Role, FieldRole::Destination);
  EXPECT_TRUE(B->WrittenInCalc);
  EXPECT_FALSE(B->ReadInCalc);
}

TEST(IRBuilder, UpdateFunctionScalarsAndOperators) {
  std::vector<StencilRegion> Regions = build(Heat2D);
  ASSERT_EQ(Regions.size(), 1u);
  const StencilRegion &R = Regions[0];
  ASSERT_EQ(R.Scalars.size(), 2u);
  EXPECT_EQ(R.Scalars[0].Name, "c0");
  EXPECT_EQ(R.Scalars[1].Type, ScalarType::Float);
  EXPECT_EQ(R.OperatorCount, 6u);
  ASSERT_EQ(R.Update.size(), 1u);
  EXPECT_EQ(printStatement(R, R.Update[0]),
            "B[j][i] = c0 * A[j][i] + c1 * (A[j - 1][i] + A[j + 1][i] + "
            "A[j][i - 2] + A[j][i + 1]);");
  EXPECT_FALSE(R.UsesDouble);
  ASSERT_TRUE(R.Copy.Present);
  ASSERT_EQ(R.Copy.Assignments.size(), 1u);
  EXPECT_EQ(R.Copy.Upper[1], 18);
}

TEST(IRBuilder, ComponentsReadOnlyLocalsAndReduction) {
  const char *Code = R"(
#define N 8
float p[N][N][N], a[2][N][N][N], w[N][N][N], coef[N][N][N];
float run(void) {
  int n, i, j, k;
  float gosa = 0.0f, s0;
  const double omega = 0.8;
#pragma stencil begin
#pragma stencil step(n:3)
#pragma stencil data source(float p[N][N][N], float a[2][N][N][N], float coef[N][N][N]) destination(float w[N][N][N])
#pragma stencil dimension(i, j, k)
  for (n = 0; n < 3; n++) {
    gosa = 0.0f;
#pragma stencil calc reduction(+:gosa)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++) {
          s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j][k - 1];
          float ss = (s0 - p[i][j][k]) * coef[i][j][k];
          gosa += ss * ss;
          w[i][j][k] = p[i][j][k] + omega * ss;
        }
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          p[i][j][k] = w[i][j][k];
  }
#pragma stencil end
  return gosa;
}
)";
  std::vector<StencilRegion> Regions = build(Code);
  ASSERT_EQ(Regions.size(), 1u);
  const StencilRegion &R = Regions[0];
  EXPECT_EQ(field(R, "p")->Role, FieldRole::Source);
  EXPECT_EQ(field(R, "a")->Role, FieldRole::ReadOnly);
  EXPECT_EQ(field(R, "a")->ComponentExtents, std::vector<int64_t>{2});
  EXPECT_EQ(field(R, "coef")->Role, FieldRole::ReadOnly);
  ASSERT_TRUE(R.Reduce.has_value());
  EXPECT_EQ(R.Reduce->Variable, "gosa");
  EXPECT_EQ(R.Reduce->Op, ReductionOp::Sum);
  ASSERT_EQ(R.Locals.size(), 2u);
  EXPECT_EQ(R.Locals[0].Name, "s0");
  EXPECT_FALSE(R.Locals[0].DeclaredInBody); // private temporary from outside
  EXPECT_TRUE(R.Locals[1].DeclaredInBody);
  ASSERT_EQ(R.Scalars.size(), 1u);
  EXPECT_EQ(R.Scalars[0].Type, ScalarType::Double);
  EXPECT_TRUE(R.UsesDouble);
  // s0: 2 mul + 1 add; ss: 1 sub + 1 mul; gosa: 1 mul + 1 add; w: 2.
  EXPECT_EQ(R.OperatorCount, 9u);
  ASSERT_EQ(R.Body.size(), 3u);
  EXPECT_EQ(R.Body[0].ItemKind, TimeLoopItem::HostStatement);
  EXPECT_EQ(R.Body[0].HostText, "gosa = 0.0f;");
  EXPECT_EQ(R.Body[1].ItemKind, TimeLoopItem::Calc);
  EXPECT_EQ(R.Body[2].ItemKind, TimeLoopItem::Copy);
}

TEST(IRBuilder, MathCallsGetExplicitArgumentConversions) {
  const char *Code = R"(
#include <math.h>
float A[32], B[32];
void run(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:1)
#pragma stencil data source(float A[32]) destination(float B[32])
#pragma stencil dimension(i)
  for (t = 0; t < 1; t++) {
#pragma stencil calc
    for (i = 0; i < 32; i++)
      B[i] = sqrt(A[i]) + sqrtf(A[i]);
  }
#pragma stencil end
}
)";
  std::vector<StencilRegion> Regions = build(Code);
  ASSERT_EQ(Regions.size(), 1u);
  EXPECT_EQ(printStatement(Regions[0], Regions[0].Update[0]),
            "B[i] = sqrt((double)A[i]) + sqrtf(A[i]);");
}

TEST(IRBuilder, TwoRegionsGetDistinctNames) {
  std::string Code = Heat2D;
  std::string Second = Code.substr(Code.find("void run"));
  Second.replace(Second.find("run"), 3, "run2");
  std::vector<StencilRegion> Regions = build(Code + Second);
  ASSERT_EQ(Regions.size(), 2u);
  EXPECT_EQ(Regions[0].Name, "input");
  EXPECT_EQ(Regions[1].Name, "input_r2");
}

TEST(IRBuilder, ErrorsProduceNoRegions) {
  std::string Code = Heat2D;
  Code.replace(Code.find("A[j - 1][i]"), 11, "A[j * 2][i]");
  EXPECT_TRUE(build(Code, false).empty());
}

} // namespace
