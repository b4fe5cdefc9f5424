//===- FusedStreamTest.cpp - Lags, warm-up and barriers of fused streams -===//
#include "transforms/FusedStream.h"
#include "frontend/StencilFrontendAction.h"

#include <gtest/gtest.h>

using namespace tilec;
using namespace tilec::ir;

namespace {

StencilRegion build(const std::string &Code) {
  std::vector<StencilRegion> Regions;
  EXPECT_TRUE(buildRegionsFromCode(
      Code, {"-resource-dir=" TILEC_TEST_RESOURCE_DIR}, "input.c", Regions))
      << Code;
  EXPECT_EQ(Regions.size(), 1u);
  return Regions.empty() ? StencilRegion() : Regions.front();
}

/// fdtd-2d's step: a boundary row of ey, ey from hz one row behind, ex
/// from hz one column behind, hz from ex one column ahead and ey one row
/// ahead.
const char *Fdtd = R"(
float ex[40][50], ey[40][50], hz[40][50], fict[10];
void run(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data(float ex[40][50], float ey[40][50], float hz[40][50])
#pragma stencil dimension(i, j)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 0; j < 50; j++)
      ey[0][j] = fict[t];
#pragma stencil calc
    for (i = 1; i < 40; i++)
      for (j = 0; j < 50; j++)
        ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
#pragma stencil calc
    for (i = 0; i < 40; i++)
      for (j = 1; j < 50; j++)
        ex[i][j] = ex[i][j] - 0.5f * (hz[i][j] - hz[i][j - 1]);
#pragma stencil calc
    for (i = 0; i < 39; i++)
      for (j = 0; j < 49; j++)
        hz[i][j] = hz[i][j] - 0.7f * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma stencil end
}
)";

TEST(FusedStream, FdtdLagsFollowTheRowDependences) {
  StencilRegion R = build(Fdtd);
  ASSERT_EQ(R.Stages.size(), 4u);
  FusedStreamPlan P = planFusedStream(R, 1);
  ASSERT_EQ(P.Levels.size(), 4u);
  // hz reads ey one row ahead (written by stages 1 and 2), and stage 2
  // reads hz one row behind, which hz's update must not have reached.
  EXPECT_EQ(P.Levels[0].Lag, 0);
  EXPECT_EQ(P.Levels[1].Lag, 0);
  EXPECT_EQ(P.Levels[2].Lag, 0);
  EXPECT_EQ(P.Levels[3].Lag, 1);
  EXPECT_EQ(P.Drain, 1);
  // ey's update needs hz one row back: one warm-up row.
  EXPECT_EQ(P.Levels[1].ValidFrom, 1);
  EXPECT_EQ(P.Warmup, 1);
  EXPECT_EQ(P.RingRows, 2);
  // ex reads one column left, hz one column right of ex.
  EXPECT_EQ(P.Levels[2].RimMinus[1], 1);
  EXPECT_EQ(P.Levels[3].RimMinus[1], 1);
  EXPECT_EQ(P.Levels[3].RimPlus[1], 1);
  EXPECT_EQ(P.RimMinus[1], 1);
  EXPECT_EQ(P.RimPlus[1], 1);
  // Only ex's and hz's updates read other columns; each needs the rows
  // stored (and ex written) before it, and the next store waits for them.
  EXPECT_FALSE(P.Levels[0].BarrierBefore);
  EXPECT_FALSE(P.Levels[1].BarrierBefore);
  EXPECT_TRUE(P.Levels[2].BarrierBefore);
  EXPECT_TRUE(P.Levels[3].BarrierBefore);
  EXPECT_TRUE(P.BarrierBeforeLoad);
  EXPECT_EQ(P.FinalWriter.at(1), 1u); // ey
  EXPECT_EQ(P.FinalWriter.at(2), 3u); // hz
}

TEST(FusedStream, LaterStepsLagFurtherAndLoseMoreColumns) {
  StencilRegion R = build(Fdtd);
  FusedStreamPlan One = planFusedStream(R, 1);
  FusedStreamPlan Two = planFusedStream(R, 2);
  ASSERT_EQ(Two.Levels.size(), 8u);
  for (unsigned K = 0; K < 4; ++K) {
    EXPECT_EQ(Two.Levels[K].Lag, One.Levels[K].Lag);
    EXPECT_EQ(Two.Levels[K + 4].Step, 1u);
    EXPECT_GT(Two.Levels[K + 4].Lag, Two.Levels[K].Lag);
  }
  // Step 2's ey reads hz one row behind, as step 1's hz left it.
  EXPECT_GE(Two.Levels[5].Lag, Two.Levels[3].Lag);
  EXPECT_GT(Two.Warmup, One.Warmup);
  EXPECT_GT(Two.RimMinus[1] + Two.RimPlus[1], One.RimMinus[1] + One.RimPlus[1]);
  EXPECT_GT(Two.Levels[5].ValidFrom, One.Levels[1].ValidFrom);
  // Every level's reads behind stay inside the ring.
  for (const FusedStreamLevel &L : Two.Levels)
    for (const FieldUse &U : R.Stages[L.Stage].Uses) {
      if (U.Read) {
        EXPECT_LT(L.Lag + U.Reads.Minus[0], Two.RingRows);
      }
    }
}

} // namespace
