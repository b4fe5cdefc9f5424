//===- StreamWavesTest.cpp - Rows per chunk from waves of groups ---------===//
//
// The rows the busiest group slot walks, worked out by hand, and where
// the search doubles the chunk for doubles in 3D and halves it or fits it
// to the SMs' slots for floats: the sizes measured (tuning/StreamWaves.cpp).
//
//===----------------------------------------------------------------------===//
#include "tuning/StreamWaves.h"
#include "SearchFixtures.h"
#include "target/TargetTraits.h"
#include "tuning/EvolutionSearch.h"
#include "tuning/StreamSearch.h"

#include <gtest/gtest.h>

using namespace tilec;
using namespace tilec::ir;
using namespace tilec::testing;

namespace {

/// The caps the H200's profile gives CUDA's streaming kernel of several
/// points and OpenCL's build of it.
int64_t severalPointsCap() {
  return cudaStreamRegisterCaps(profile("h200")).SeveralPoints;
}
int64_t openCLBuildCap() {
  return targetTraits(Target::OpenCL, profile("h200")).BuildRegisterCap;
}

StencilFeatures heatFeatures(int64_t NZ, int64_t NY, int64_t NX,
                             ElementType Type) {
  StencilRegion R = heatRegion({NZ, NY, NX}, 8);
  for (Field &F : R.Fields)
    F.Type = Type;
  return analyseStencil(R);
}

/// `PV` with `Rows` rows per chunk.
ParameterVector chunked(ParameterVector PV, int64_t Rows) {
  PV.C = Rows;
  return PV;
}

TEST(StreamWaves, BusiestSlotWalksItsGroupsInLaunchOrder) {
  // 32,8,1,4,2 owns 26 x 10 columns (T - 1 = 3 halos of one point on each
  // side): 50 x 28 calc columns (the boundary excluded) are 2 x 3 = 6
  // groups a chunk. 198 calc rows in chunks of 64 are 64, 64, 64 and 6,
  // each walked with the lag of 8.
  StencilFeatures F = heatFeatures(200, 30, 52, ElementType::Double);
  ASSERT_TRUE(F.ChainsLevels);
  ParameterVector PV{32, 8, 1, 4, 2};
  ASSERT_EQ(streamGroupCount(F, PV), 24);
  ASSERT_EQ(streamLag(F, 4), 8);
  EXPECT_EQ(busiestSlotRows(F, PV, 6), 72 * 3 + 14);
  // Twelve slots: the first two chunks start at once, the third follows
  // in the first chunk's slots, the short fourth in the second's.
  EXPECT_EQ(busiestSlotRows(F, PV, 12), 144);
  EXPECT_EQ(busiestSlotRows(F, PV, 24), 72);
  EXPECT_EQ(busiestSlotRows(F, PV, 100), 72);
  // Chunks of 128 rows: 128 and 70, 12 groups, all at once in 12 slots.
  PV.C = 128;
  EXPECT_EQ(busiestSlotRows(F, PV, 12), 136);
  EXPECT_EQ(busiestSlotRows(F, PV, 6), 136 + 78);
}

TEST(StreamWaves, DoublesTakeTheLongerChunkWhereItsGroupsStartAtOnce) {
  DeviceProfile H100 = profile("h100-sxm");
  ParameterVector PV{32, 8, 1, 4, 2};
  // 256^3: 1040 groups of 64 rows, two waves of 528 (5.67 ms on the
  // H100); 520 of 128 rows all start at once (5.51 ms).
  StencilFeatures D256 = heatFeatures(256, 256, 256, ElementType::Double);
  EXPECT_EQ(longerChunkByWaves(D256, H100, 64, PV), 128);
  // Without a register cap (OpenCL) the slots are not known.
  EXPECT_EQ(longerChunkByWaves(D256, H100, 0, PV), 0);
  // 200^3: the second wave holds only the short last chunks (128 rows ran
  // 4.85 ms against 3.32).
  StencilFeatures D200 = heatFeatures(200, 200, 200, ElementType::Double);
  EXPECT_EQ(longerChunkByWaves(D200, H100, 64, {32, 8, 1, 3, 2}), 0);
  // 384^3 and 512^3: 128 rows need several waves too. At 384^3 the
  // busiest slot would walk fewer rows with them, but they ran slower
  // (17.21 ms against 16.70; 512^3 38.4 against 38.1).
  StencilFeatures D384 = heatFeatures(384, 384, 384, ElementType::Double);
  ParameterVector Wide{32, 16, 1, 4, 2};
  EXPECT_LT(busiestSlotRows(D384, chunked(Wide, 128), 264),
            busiestSlotRows(D384, Wide, 264));
  EXPECT_EQ(longerChunkByWaves(D384, H100, 64, Wide), 0);
  StencilFeatures D512 = heatFeatures(512, 512, 512, ElementType::Double);
  EXPECT_EQ(longerChunkByWaves(D512, H100, 64, Wide), 0);
  // Floats do not follow the waves (256^3, 32,8,1,4,4: 64 rows, one
  // wave, 3.38 ms; 128 rows 4.44).
  StencilFeatures F256 = heatFeatures(256, 256, 256, ElementType::Float);
  EXPECT_EQ(longerChunkByWaves(F256, H100, 64, {32, 8, 1, 4, 4}), 0);
}

TEST(StreamWaves, FloatsTakeTheShorterChunkWhereItsGroupsStillStartAtOnce) {
  DeviceProfile H100 = profile("h100-sxm");
  // 160^3, 32,4,1,2,4: 360 groups of 32 rows in 1056 slots (eight groups
  // of 128 work items an SM); 720 of 16 rows still start at once (1.54 ->
  // 1.16 ms on the H100).
  StencilFeatures F160 = heatFeatures(160, 160, 160, ElementType::Float);
  EXPECT_EQ(shorterChunkByWaves(F160, H100, 64, {32, 4, 1, 2, 4}), 16);
  EXPECT_EQ(shorterChunkByWaves(F160, H100, 0, {32, 4, 1, 2, 4}), 0);
  // 256^3, 32,8,1,4,4: 800 groups of 32 rows need two waves of 528.
  StencilFeatures F256 = heatFeatures(256, 256, 256, ElementType::Float);
  EXPECT_EQ(shorterChunkByWaves(F256, H100, 64, {32, 8, 1, 4, 4}), 0);
  // 224^3, 32,8,1,4,4: 567 groups, two waves (+3.4%).
  StencilFeatures F224 = heatFeatures(224, 224, 224, ElementType::Float);
  EXPECT_EQ(shorterChunkByWaves(F224, H100, 64, {32, 8, 1, 4, 4}), 0);
  // 384^3, 64,8,1,4,4: both need several waves of 264. The busiest slot
  // would walk fewer rows with 32, but they ran slower (9.20 ms against
  // 8.99).
  StencilFeatures F384 = heatFeatures(384, 384, 384, ElementType::Float);
  ParameterVector Wide{64, 8, 1, 4, 4};
  EXPECT_LT(busiestSlotRows(F384, chunked(Wide, 32), 264),
            busiestSlotRows(F384, Wide, 264));
  EXPECT_EQ(shorterChunkByWaves(F384, H100, 64, Wide), 0);
  // Never below 16 rows, and not for doubles.
  EXPECT_EQ(shorterChunkByWaves(F160, H100, 64, {32, 4, 1, 2, 4, 16}), 0);
  StencilFeatures D160 = heatFeatures(160, 160, 160, ElementType::Double);
  EXPECT_EQ(shorterChunkByWaves(D160, H100, 64, {32, 4, 1, 2, 2}), 0);
}

TEST(StreamWaves, FloatsFillEverySlotInOneWave) {
  // 32,8,1,4,4 spans 32 x 32 points and owns 26 x 26 (three halos on each
  // side): 254^2 calc columns are 10 x 10 = 100 groups a chunk. At 64
  // registers an SM holds 4 groups of 256, 132 SMs 528: 5 groups a column,
  // chunk ceil(254 / 5) = 51, 500 groups, each walking 51 rows and the lag
  // of 2 x 4 = 8. The default 64 rows are 400 groups of 72 rows.
  StencilFeatures F = heatFeatures(256, 256, 256, ElementType::Float);
  DeviceProfile D = profile("h200");
  ParameterVector PV{32, 8, 1, 4, 4};
  EXPECT_EQ(fittedChunkByWaves(F, D, severalPointsCap(), PV), 51);
  EXPECT_EQ(busiestSlotRows(F, chunked(PV, 51), 528), 59);
  EXPECT_EQ(busiestSlotRows(F, PV, 528), 72);
  EXPECT_EQ(chunkFittedByWaves(F, D, severalPointsCap(), PV), 51);
  // Only shorter: from 32 rows (800 groups, two waves) it stays.
  EXPECT_EQ(chunkFittedByWaves(F, D, severalPointsCap(), chunked(PV, 32)), 0);
  // No cap stated, one point per work item: the slots are not known.
  EXPECT_EQ(fittedChunkByWaves(F, D, 0, PV), 0);
  EXPECT_EQ(fittedChunkByWaves(F, D, severalPointsCap(),
                               ParameterVector{32, 32, 1, 4}),
            0);
  // Doubles in 3D keep their own rule (longerChunkByWaves).
  EXPECT_EQ(fittedChunkByWaves(heatFeatures(256, 256, 256, ElementType::Double),
                               D, severalPointsCap(),
                               ParameterVector{32, 8, 1, 4, 2}),
            0);
}

TEST(StreamWaves, FloatsFillTwoWavesWhereOneWaveNeedsALongerChunk) {
  // At 80 registers (NVIDIA's OpenCL) an SM holds 65536 / 80 / 256 = 3
  // groups of 256, 132 SMs 396. One wave: 3 groups a column, ceil(254 / 3)
  // = 85 rows, longer than the default 64. Two waves: 7 a column,
  // ceil(254 / 7) = 37 rows, 700 groups, the busiest slot walking two of
  // 37 + 8. The default's 400 groups: 300 slots walk 72 rows, 96 the short
  // last chunk's 62 + 8, and four of those a second group of 70.
  StencilFeatures F = heatFeatures(256, 256, 256, ElementType::Float);
  DeviceProfile D = profile("h200");
  ParameterVector PV{32, 8, 1, 4, 4};
  EXPECT_EQ(busiestSlotRows(F, chunked(PV, 37), 396), 90);
  EXPECT_EQ(busiestSlotRows(F, PV, 396), 140);
  EXPECT_EQ(fittedChunkByWaves(F, D, openCLBuildCap(), PV), 37);
  EXPECT_EQ(chunkFittedByWaves(F, D, openCLBuildCap(), PV), 37);
  // Two waves only where their busiest slot walks at most 80% of the
  // default's rows: CUDA's 64,8,1,4,4 (two groups of 512 a SM, 264 slots)
  // takes them at 304^3 (104 rows against 144) but not at 320^3 (122).
  ParameterVector Wide{64, 8, 1, 4, 4};
  StencilFeatures F304 = heatFeatures(304, 304, 304, ElementType::Float);
  StencilFeatures F320 = heatFeatures(320, 320, 320, ElementType::Float);
  EXPECT_EQ(chunkFittedByWaves(F304, D, severalPointsCap(), Wide), 44);
  EXPECT_EQ(busiestSlotRows(F304, chunked(Wide, 44), 264), 104);
  EXPECT_EQ(busiestSlotRows(F304, Wide, 264), 144);
  EXPECT_EQ(busiestSlotRows(F320, chunked(Wide, 53), 264), 122);
  EXPECT_EQ(busiestSlotRows(F320, Wide, 264), 144);
  EXPECT_EQ(chunkFittedByWaves(F320, D, severalPointsCap(), Wide), 0);
}

TEST(StreamWaves, OpenCLsBuildBoundCountsOnlyForTheKernelsItBounds) {
  // The OpenCL host bounds the kernels of 16 bytes of points per work item
  // (four floats, two doubles) in 3D; CUDA's cap, where stated, wins.
  StencilFeatures Floats = heatFeatures(256, 256, 256, ElementType::Float);
  StencilFeatures Doubles = heatFeatures(256, 256, 256, ElementType::Double);
  StreamLimits OpenCL;
  OpenCL.BuiltRegisterCap = openCLBuildCap();
  EXPECT_EQ(wavesRegisterCap(Floats, OpenCL, {32, 8, 1, 4, 4}), 80);
  EXPECT_EQ(wavesRegisterCap(Floats, OpenCL, {32, 8, 1, 4, 2}), 0);
  EXPECT_EQ(wavesRegisterCap(Doubles, OpenCL, {32, 8, 1, 4, 2}), 80);
  EXPECT_EQ(wavesRegisterCap(Doubles, OpenCL, {32, 8, 1, 4, 4}), 0);
  StencilFeatures Flat = analyseStencil(heatRegion({2048, 2048}, 8));
  EXPECT_EQ(wavesRegisterCap(Flat, OpenCL, {128, 1, 1, 8, 4}), 0);
  StreamLimits Cuda;
  Cuda.RegisterCap = severalPointsCap();
  EXPECT_EQ(wavesRegisterCap(Floats, Cuda, {32, 8, 1, 4, 2}), 64);
  // Through the search: heat3d in float at 256^3 on an NVIDIA device takes
  // two waves of 37 rows; with no bound stated, the default.
  SelectionOptions Nvidia{48 * 1024, 48 * 1024, false, openCLBuildCap()};
  SelectionOptions Other{48 * 1024, 48 * 1024, false, 0};
  llvm::Expected<Selection> N =
      selectParameters(Floats, profile("h200"), Nvidia);
  llvm::Expected<Selection> O =
      selectParameters(Floats, profile("h200"), Other);
  ASSERT_TRUE(N && O);
  EXPECT_EQ(N->PV.str(), "32,8,1,4,4,37");
  EXPECT_EQ(O->PV.str(), "32,8,1,4,4");
}

TEST(StreamWaves, TheSearchChangesTheChunkOnlyWhereTheTargetCapsRegisters) {
  // CUDA states the cap: heat3d in double at 256^3 takes chunks of 128
  // rows, and --explain says why; OpenCL keeps the default.
  StencilFeatures D256 = heatFeatures(256, 256, 256, ElementType::Double);
  SelectionOptions Cuda{48 * 1024, 232448, true};
  SelectionOptions OpenCL{48 * 1024, 48 * 1024, false};
  for (const char *Device : {"h100-sxm", "h200"}) {
    llvm::Expected<Selection> S = selectParameters(D256, profile(Device), Cuda);
    ASSERT_TRUE(static_cast<bool>(S));
    EXPECT_EQ(S->PV.str(), "32,8,1,4,2,128") << Device;
    bool Said = false;
    for (const std::string &Note : S->Notes)
      Said |= Note.find("rows per chunk 128, twice the default") !=
              std::string::npos;
    EXPECT_TRUE(Said) << Device;
    llvm::Expected<Selection> O =
        selectParameters(D256, profile(Device), OpenCL);
    ASSERT_TRUE(static_cast<bool>(O));
    EXPECT_EQ(O->PV.C, 0) << O->PV.str();
  }
  // Floats at 160^3 keep the vector the model ranks first and halve its
  // chunk; OpenCL keeps the default.
  StencilFeatures F160 = heatFeatures(160, 160, 160, ElementType::Float);
  llvm::Expected<Selection> S160 =
      selectParameters(F160, profile("h100-sxm"), Cuda);
  ASSERT_TRUE(static_cast<bool>(S160));
  EXPECT_EQ(S160->PV.str(), "32,4,1,2,4,16");
  llvm::Expected<Selection> O160 =
      selectParameters(F160, profile("h100-sxm"), OpenCL);
  ASSERT_TRUE(static_cast<bool>(O160));
  EXPECT_EQ(O160->PV.str(), "32,4,1,2,4");
  // 512^3 keeps the default chunk (with groups of 1024 work items, which
  // the stated cap allows: ChainedLevelsTakeWiderRingsInDynamicSharedMemory).
  llvm::Expected<Selection> S512 = selectParameters(
      heatFeatures(512, 512, 512, ElementType::Double), profile("h200"), Cuda);
  ASSERT_TRUE(static_cast<bool>(S512));
  EXPECT_EQ(S512->PV.C, 0) << S512->PV.str();
}

} // namespace
