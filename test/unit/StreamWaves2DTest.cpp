//===- StreamWaves2DTest.cpp - Chunks fitted to the SMs' slots in 2D ------===//
//
// Doubles in 2D under CUDA's cap of 128 registers: the chunk that cuts
// each column into as many groups as the SMs' slots hold, in one wave or
// two, worked out by hand for the sizes measured (tuning/StreamWaves.cpp),
// and the kernels the rule leaves alone.
//
//===----------------------------------------------------------------------===//
#include "SearchFixtures.h"
#include "target/TargetTraits.h"
#include "tuning/EvolutionSearch.h"
#include "tuning/StreamSearch.h"
#include "tuning/StreamWaves.h"

#include <gtest/gtest.h>

using namespace tilec;
using namespace tilec::ir;
using namespace tilec::testing;

namespace {

/// What CUDA states: the cap of several points; the 2D cap follows from it.
int64_t severalPointsCap() {
  return cudaStreamRegisterCaps(profile("h200")).SeveralPoints;
}

StencilRegion heat2d(int64_t NY, int64_t NX, ElementType Type) {
  StencilRegion R = heatRegion({NY, NX}, 5);
  for (Field &F : R.Fields)
    F.Type = Type;
  return R;
}

StencilFeatures heat2dFeatures(int64_t NY, int64_t NX,
                               ElementType Type = ElementType::Double) {
  return analyseStencil(heat2d(NY, NX, Type));
}

/// `PV` with `Rows` rows per chunk.
ParameterVector chunked(ParameterVector PV, int64_t Rows) {
  PV.C = Rows;
  return PV;
}

const int64_t Cap = severalPointsCap();

TEST(StreamWaves2D, OneWaveAt2048) {
  // 128,1,1,8 owns 128 - 2 x 7 = 114 columns: 2046 calc columns are 18
  // groups a chunk. At 128 registers an SM holds 65536 / 128 / 128 = 4
  // groups, 132 SMs 528. One wave: 528 / 18 = 29 groups a column, chunk
  // ceil(2046 / 29) = 71, each group walking 71 rows and the lag of
  // (2 + 1) x 8 = 24: 95. Two waves: 58 a column, chunk 36, 120 rows.
  StencilFeatures F = heat2dFeatures(2048, 2048);
  DeviceProfile D = profile("h100-sxm");
  ParameterVector PV{128, 1, 1, 8};
  EXPECT_EQ(fittedChunkByWaves(F, D, Cap, PV), 71);
  EXPECT_EQ(busiestSlotRows(F, chunked(PV, 71), 528), 95);
  EXPECT_EQ(busiestSlotRows(F, chunked(PV, 36), 528), 120);
  // The search's 32 rows: 64 chunks x 18 = 1152 groups, three rounds of
  // 32 + 24 rows in the busiest slot.
  EXPECT_EQ(busiestSlotRows(F, chunked(PV, 32), 528), 168);
  EXPECT_EQ(chunkFittedByWaves(F, D, Cap, chunked(PV, 32)), 71);
  // Already fitted: nothing to change.
  EXPECT_EQ(chunkFittedByWaves(F, D, Cap, chunked(PV, 71)), 0);
}

TEST(StreamWaves2D, TwoWavesWhereOneWalksHardlyFewerRows) {
  DeviceProfile D = profile("h200");
  // 256,1,1,8 owns 242 columns; two groups of 256 per SM, 264 slots.
  ParameterVector PV{256, 1, 1, 8};
  // 4096^2: 17 columns. One wave 15 a column, chunk 273, 297 rows; two
  // waves 31, chunk 133, 2 x 157 = 314: one wave walks 5.4% fewer.
  StencilFeatures F4k = heat2dFeatures(4096, 4096);
  EXPECT_EQ(busiestSlotRows(F4k, chunked(PV, 273), 264), 297);
  EXPECT_EQ(busiestSlotRows(F4k, chunked(PV, 133), 264), 314);
  EXPECT_EQ(fittedChunkByWaves(F4k, D, Cap, PV), 273);
  // 8192^2: 34 columns. One wave 7 a column, chunk 1170, 1194 rows; two
  // waves 15, chunk 546, 2 x 570 = 1140 (fewer: one wave leaves 26 slots
  // empty).
  StencilFeatures F8k = heat2dFeatures(8192, 8192);
  EXPECT_EQ(busiestSlotRows(F8k, chunked(PV, 1170), 264), 1194);
  EXPECT_EQ(busiestSlotRows(F8k, chunked(PV, 546), 264), 1140);
  EXPECT_EQ(fittedChunkByWaves(F8k, D, Cap, PV), 546);
  // 12288^2: 51 columns. One wave 5 a column, chunk 2458, 2482 rows; two
  // waves 10, chunk 1229, 2 x 1253 = 2506: one wave walks 1% fewer, short
  // of the 5% it needs.
  StencilFeatures F12k = heat2dFeatures(12288, 12288);
  EXPECT_EQ(busiestSlotRows(F12k, chunked(PV, 2458), 264), 2482);
  EXPECT_EQ(busiestSlotRows(F12k, chunked(PV, 1229), 264), 2506);
  EXPECT_EQ(fittedChunkByWaves(F12k, D, Cap, PV), 1229);
}

TEST(StreamWaves2D, OnlyDoublesOfOneFieldUnderTheCap) {
  DeviceProfile D = profile("h100-sxm");
  ParameterVector PV{128, 1, 1, 8};
  // No cap stated (OpenCL), floats, more than 8 steps, groups wider than
  // the cap lets an SM hold.
  EXPECT_EQ(fittedChunkByWaves(heat2dFeatures(2048, 2048), D, 0, PV), 0);
  EXPECT_EQ(fittedChunkByWaves(heat2dFeatures(2048, 2048, ElementType::Float),
                               D, Cap, PV),
            0);
  EXPECT_EQ(fittedChunkByWaves(heat2dFeatures(2048, 2048), D, Cap,
                               ParameterVector{128, 1, 1, 16}),
            0);
  EXPECT_EQ(fittedChunkByWaves(heat2dFeatures(2048, 2048), D, Cap,
                               ParameterVector{1024, 1, 1, 8}),
            0);
  // A ping-pong pair, a second array read, a run-time extent (the groups
  // are not counted) and one step per launch (no cap).
  StencilRegion Pair = heat2d(2048, 2048, ElementType::Double);
  Pair.PingPong = true;
  EXPECT_EQ(fittedChunkByWaves(analyseStencil(Pair), D, Cap, PV), 0);
  // A calc that reads a second array (a conductivity per point).
  StencilRegion Coefficient = heat2d(2048, 2048, ElementType::Double);
  Field Kappa;
  Kappa.Name = "kappa";
  Kappa.Type = ElementType::Double;
  Kappa.Role = FieldRole::ReadOnly;
  Kappa.ReadInCalc = true;
  Coefficient.Fields.push_back(Kappa);
  EXPECT_EQ(fittedChunkByWaves(analyseStencil(Coefficient), D, Cap, PV), 0);
  StencilRegion RunTime = heat2d(2048, 2048, ElementType::Double);
  RunTime.Axes[1].ExtentText = "n";
  EXPECT_EQ(fittedChunkByWaves(analyseStencil(RunTime), D, Cap, PV), 0);
  EXPECT_EQ(fittedChunkByWaves(heat2dFeatures(2048, 2048), D, Cap,
                               ParameterVector{128, 1, 1, 1}),
            0);
}

TEST(StreamWaves2D, TheSearchFitsTheChunkUnderCuda) {
  // The search ranks 128,1,1,8 with 32 rows first and then fits the chunk;
  // OpenCL states no cap and keeps 32 rows. --explain says why.
  StencilFeatures F = heat2dFeatures(2048, 2048);
  SelectionOptions Cuda{48 * 1024, 232448, true};
  SelectionOptions OpenCL{48 * 1024, 48 * 1024, false};
  for (const char *Device : {"h100-sxm", "h200"}) {
    llvm::Expected<Selection> S = selectParameters(F, profile(Device), Cuda);
    ASSERT_TRUE(static_cast<bool>(S));
    EXPECT_EQ(S->PV.str(), "128,1,1,8,1,71") << Device;
    bool Said = false;
    for (const std::string &Note : S->Notes)
      Said |= Note.find("rows per chunk 71, fitted to the SMs' slots: its 522 "
                        "groups start at once") != std::string::npos;
    EXPECT_TRUE(Said) << Device;
    llvm::Expected<Selection> O = selectParameters(F, profile(Device), OpenCL);
    ASSERT_TRUE(static_cast<bool>(O));
    EXPECT_EQ(O->PV.str(), "128,1,1,8,1,32") << Device;
  }
}

} // namespace
