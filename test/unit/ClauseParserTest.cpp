//===- ClauseParserTest.cpp - The #pragma stencil clause parser ----------===//
#include "tilec/directives/ClauseParser.h"

#include <gtest/gtest.h>

using namespace tilec;

namespace {

Directive parseOk(const std::string &Text) {
  DirectiveParseResult R = parseDirective(tokenizeDirective(Text));
  if (auto *E = std::get_if<DirectiveError>(&R))
    ADD_FAILURE() << "'" << Text << "': " << E->Message;
  return std::holds_alternative<Directive>(R) ? std::get<Directive>(R)
                                              : Directive();
}

DirectiveError parseError(const std::string &Text) {
  DirectiveParseResult R = parseDirective(tokenizeDirective(Text));
  if (!std::holds_alternative<DirectiveError>(R)) {
    ADD_FAILURE() << "'" << Text << "' parsed without error";
    return {};
  }
  return std::get<DirectiveError>(R);
}

TEST(ClauseParser, SimpleDirectives) {
  EXPECT_EQ(parseOk("begin").Kind, DirectiveKind::Begin);
  EXPECT_EQ(parseOk("end").Kind, DirectiveKind::End);
  EXPECT_EQ(parseOk("copy").Kind, DirectiveKind::Copy);
  Directive Calc = parseOk("calc");
  EXPECT_EQ(Calc.Kind, DirectiveKind::Calc);
  EXPECT_FALSE(Calc.Reduction.has_value());
}

TEST(ClauseParser, StepEvaluatesConstantExpressions) {
  Directive D = parseOk("step(t:1000)");
  EXPECT_EQ(D.TimeVariable.Name, "t");
  EXPECT_EQ(D.StepCount, 1000);
  EXPECT_EQ(parseOk("step(n : (10 + 2) * 3 - 4 / 2 % 3)").StepCount, 34);
  EXPECT_EQ(parseOk("step(n:100u)").StepCount, 100);
  EXPECT_EQ(parseOk("step(n:0x10)").StepCount, 16);
  EXPECT_EQ(parseOk("step(n:nn)").StepCountText, "nn");
  EXPECT_EQ(parseOk("step(n:nn)").StepCount, 0);
  EXPECT_EQ(parseOk("step(n : (steps + 1) * 2)").StepCountText,
            "( steps + 1 ) * 2");
  EXPECT_TRUE(parseOk("step(n:100)").StepCountText.empty());
}

TEST(ClauseParser, Dimension) {
  Directive D = parseOk("dimension(i, j, k)");
  ASSERT_EQ(D.Axes.size(), 3u);
  EXPECT_EQ(D.Axes[0].Name, "i");
  EXPECT_EQ(D.Axes[2].Name, "k");
  EXPECT_EQ(D.Axes[2].Token, 6u); // dimension ( i , j , k
  EXPECT_EQ(parseOk("dimension(x)").Axes.size(), 1u);
}

TEST(ClauseParser, DataWithSeveralArraysAndComponents) {
  Directive D =
      parseOk("data source(float p[64][32][16], float a[4][64][32][16])"
              " destination(double w[64][32][16], int q[8])");
  ASSERT_EQ(D.Sources.size(), 2u);
  ASSERT_EQ(D.Destinations.size(), 2u);
  EXPECT_EQ(D.Sources[1].Name, "a");
  EXPECT_EQ(D.Sources[1].Extents, (std::vector<int64_t>{4, 64, 32, 16}));
  EXPECT_EQ(D.Destinations[0].Type, ElementType::Double);
  EXPECT_EQ(D.Destinations[1].Type, ElementType::Int);
  EXPECT_EQ(D.Sources[0].Extents, (std::vector<int64_t>{64, 32, 16}));
}

TEST(ClauseParser, DataClausesInEitherOrder) {
  Directive D = parseOk("data destination(float B[4]) source(float A[2*2])");
  EXPECT_EQ(D.Sources[0].Extents[0], 4);
  EXPECT_EQ(D.Destinations[0].Name, "B");
}

TEST(ClauseParser, Reductions) {
  Directive Sum = parseOk("calc reduction(+:gosa)");
  ASSERT_TRUE(Sum.Reduction.has_value());
  EXPECT_EQ(Sum.Reduction->Op, ReductionOp::Sum);
  EXPECT_EQ(Sum.Reduction->Variable, "gosa");
  EXPECT_EQ(parseOk("calc reduction(min:m)").Reduction->Op, ReductionOp::Min);
  EXPECT_EQ(parseOk("calc reduction(max:m)").Reduction->Op, ReductionOp::Max);
}

TEST(ClauseParser, ErrorsNameTheOffendingToken) {
  DirectiveError E = parseError("frobnicate");
  EXPECT_EQ(E.Token, 0u);
  EXPECT_NE(E.Message.find("unknown stencil directive 'frobnicate'"),
            std::string::npos);

  E = parseError("step(t 100)");
  EXPECT_EQ(E.Token, 3u);
  EXPECT_NE(E.Message.find("expected ':'"), std::string::npos);

  E = parseError("step(t:)");
  EXPECT_EQ(E.Token, 4u);
  EXPECT_NE(E.Message.find("expected an integer constant expression"),
            std::string::npos);

  // A count that names variables is known only at run time; it still
  // needs its closing parenthesis, missing at the end of the line.
  E = parseError("step(t:nn");
  EXPECT_EQ(E.Token, 5u);
  EXPECT_NE(E.Message.find("expected ')' after the step count"),
            std::string::npos);

  E = parseError("dimension(i, j, i)");
  EXPECT_EQ(E.Token, 6u);
  EXPECT_NE(E.Message.find("named twice"), std::string::npos);

  E = parseError("dimension(a, b, c, d)");
  EXPECT_NE(E.Message.find("at most 3"), std::string::npos);

  E = parseError("calc reduction(*:x)");
  EXPECT_NE(E.Message.find("reduction operator"), std::string::npos);

  E = parseError("calc private(x)");
  EXPECT_NE(E.Message.find("unknown clause 'private'"), std::string::npos);

  E = parseError("begin now");
  EXPECT_EQ(E.Token, 1u);
  EXPECT_NE(E.Message.find("unexpected 'now'"), std::string::npos);
}

TEST(ClauseParser, DataWithoutRoles) {
  Directive D = parseOk("data(float A[8][16], double B[2][8][16])");
  EXPECT_TRUE(D.RoleFree);
  ASSERT_EQ(D.Sources.size(), 2u);
  EXPECT_TRUE(D.Destinations.empty());
  EXPECT_EQ(D.Sources[0].Name, "A");
  EXPECT_EQ(D.Sources[1].Name, "B");
  EXPECT_EQ(D.Sources[1].Extents, (std::vector<int64_t>{2, 8, 16}));
  EXPECT_FALSE(
      parseOk("data source(float A[4]) destination(float B[4])").RoleFree);
  // One form or the other, never both.
  EXPECT_NE(parseError("data(float A[4]) destination(float B[4])")
                .Message.find("either data(...) or source(...)"),
            std::string::npos);
  EXPECT_NE(
      parseError("data(float A[4], float A[4])").Message.find("appears twice"),
      std::string::npos);
  EXPECT_NE(parseError("data()").Message.find("expected an element type"),
            std::string::npos);
}

TEST(ClauseParser, DataErrors) {
  EXPECT_NE(
      parseError("data source(float A[4])").Message.find("needs a destination"),
      std::string::npos);
  EXPECT_NE(
      parseError("data destination(float A[4])").Message.find("needs a source"),
      std::string::npos);
  EXPECT_NE(parseError("data source(char A[4]) destination(float B[4])")
                .Message.find("unsupported element type 'char'"),
            std::string::npos);
  EXPECT_NE(parseError("data source(float A) destination(float B[4])")
                .Message.find("expected '['"),
            std::string::npos);
  EXPECT_NE(parseError("data source(float A[0]) destination(float B[4])")
                .Message.find("must be positive"),
            std::string::npos);
  EXPECT_NE(parseError("data source(float A[4/0]) destination(float B[4])")
                .Message.find("division by zero"),
            std::string::npos);
  EXPECT_NE(parseError("data source(float A[4]) destination(float A[4])")
                .Message.find("appears twice"),
            std::string::npos);
  EXPECT_NE(parseError("data source(float A[4]) source(float B[4])")
                .Message.find("given twice"),
            std::string::npos);
}

TEST(ClauseParser, OverflowIsAnErrorAtTheOperand) {
  DirectiveError E = parseError("step(t:(-9223372036854775807-1)/-1)");
  EXPECT_EQ(E.Token, 11u); // the divisor, "-1"
  EXPECT_NE(E.Message.find("overflow"), std::string::npos);
  EXPECT_NE(
      parseError("step(t:9223372036854775807*2)").Message.find("overflow"),
      std::string::npos);
  EXPECT_NE(
      parseError("step(t:99999999999999999999)").Message.find("too large"),
      std::string::npos);
}

TEST(ClauseParser, TruncatedLinesPointPastTheEnd) {
  DirectiveError E = parseError("step(t:");
  EXPECT_EQ(E.Token, 4u);
  EXPECT_NE(E.Message.find("end of line"), std::string::npos);
  EXPECT_EQ(parseError("").Token, 0u);
}

} // namespace
