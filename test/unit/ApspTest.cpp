//===- ApspTest.cpp - The apsp clause parser and the FW tile rule ---------===//
#include "tilec/directives/ApspDirective.h"
#include "tuning/FwTile.h"

#include <gtest/gtest.h>

using namespace tilec;

static ApspParseResult parse(const std::string &Text) {
  return parseApspDirective(tokenizeDirective(Text));
}

TEST(ApspClauseParser, DataWithPath) {
  auto R = parse("data(unsigned int D[4*16][64]) path(int P[64][64])");
  ASSERT_TRUE(std::holds_alternative<ApspDirective>(R));
  const ApspDirective &D = std::get<ApspDirective>(R);
  EXPECT_EQ(D.Kind, ApspDirectiveKind::Data);
  EXPECT_EQ(D.Distance.Type, ApspElementType::Unsigned);
  EXPECT_EQ(D.Distance.Extent, 64);
  ASSERT_TRUE(D.Path);
  EXPECT_EQ(D.Path->Name, "P");
}

TEST(ApspClauseParser, Errors) {
  auto NotSquare = parse("data(int D[8][9])");
  ASSERT_TRUE(std::holds_alternative<DirectiveError>(NotSquare));
  EXPECT_EQ(std::get<DirectiveError>(NotSquare).Token, 8u); // the 9
  auto Loops = parse("loops(k, i)");
  ASSERT_TRUE(std::holds_alternative<DirectiveError>(Loops));
  auto PathType = parse("data(int D[8][8]) path(float P[8][8])");
  ASSERT_TRUE(std::holds_alternative<DirectiveError>(PathType));
  auto Twice = parse("loops(k, k, j)");
  ASSERT_TRUE(std::holds_alternative<DirectiveError>(Twice));
}

TEST(FwTile, BytesPerOperation) {
  // N_b/N_c -> 2d/t for large n.
  EXPECT_NEAR(fwBytesPerOperation(8192, 64, 4), 0.125, 1e-3);
  EXPECT_NEAR(fwBytesPerOperation(8192, 32, 4), 0.25, 1e-3);
}

TEST(FwTile, ParseParams) {
  auto P = parseFwParams("fw:64,8,8,2");
  ASSERT_TRUE(!!P);
  EXPECT_EQ(P->Tile, 64);
  EXPECT_EQ(P->str(), "fw:64,8,8,2");
  auto Bad = parseFwParams("fw:64,3,8,2");
  EXPECT_FALSE(!!Bad);
  llvm::consumeError(Bad.takeError());
}
