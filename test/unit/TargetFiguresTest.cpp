//===- TargetFiguresTest.cpp - Device facts read from the profile ---------===//
//
// The figures that replaced device facts in code: each is read from the
// profile and changes what tilec emits or chooses when it changes.
//
//===----------------------------------------------------------------------===//
#include "driver/Translator.h"
#include "target/DeviceProfile.h"
#include "target/TargetTraits.h"
#include "transforms/NaiveMapping.h"
#include "tuning/EvolutionSearch.h"

#include "SearchFixtures.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

using namespace tilec;
using namespace tilec::ir;
using namespace tilec::testing;

namespace {

DeviceProfile shipped(const char *Name) {
  llvm::Expected<DeviceProfile> P =
      loadDeviceProfile(Name, TILEC_SOURCE_PROFILE_DIR);
  EXPECT_TRUE(static_cast<bool>(P)) << llvm::toString(P.takeError());
  return P ? *P : DeviceProfile();
}

std::string sample(const std::string &Name, const std::string &File = "") {
  llvm::SmallString<256> Path(TILEC_SOURCE_PROFILE_DIR);
  llvm::sys::path::append(Path, "..", "..", "samples");
  llvm::sys::path::append(Path, Name, (File.empty() ? Name : File) + ".c");
  return Path.str().str();
}

/// Translates `Input` as `tilec --target=...` does with `Device`.
std::vector<OutputFile> translateFor(Target Language, const std::string &Input,
                                     const DeviceProfile &Device,
                                     const std::vector<std::string> &Defines) {
  TranslatorOptions Options;
  Options.TargetKind = Language;
  Options.Device = Device;
  Options.ResourceDir = TILEC_TEST_RESOURCE_DIR;
  Options.ClangArgs = Defines;
  Options.Pipeline.LocalMemory =
      localMemoryLimits(Device, Language == Target::CUDA);
  Options.Pipeline.Target = targetTraits(Language, Device);
  Options.Apsp.LocalMemoryLimit = Options.Pipeline.LocalMemory.Static;
  TranslationResult Result;
  EXPECT_TRUE(translateFile(Input, Options, Result)) << Input;
  return Result.Files;
}

/// The emitted .cu file.
std::string translateForCUDA(const std::string &Input,
                             const DeviceProfile &Device,
                             const std::vector<std::string> &Defines) {
  for (const OutputFile &F : translateFor(Target::CUDA, Input, Device, Defines))
    if (llvm::StringRef(F.Name).ends_with(".cu"))
      return F.Contents;
  return "";
}

/// The emitted OpenCL host file (the one that builds the kernels).
std::string translateForOpenCLHost(const std::string &Input,
                                   const DeviceProfile &Device,
                                   const std::vector<std::string> &Defines) {
  std::string Host;
  for (const OutputFile &F :
       translateFor(Target::OpenCL, Input, Device, Defines))
    if (F.Contents.find("tilec_cl_kernel") != std::string::npos)
      Host += F.Contents;
  return Host;
}

std::set<std::string> launchBounds(const std::string &Code) {
  std::set<std::string> Bounds;
  std::regex Bound(R"(__launch_bounds__\([0-9, ]+\))");
  for (auto It = std::sregex_iterator(Code.begin(), Code.end(), Bound);
       It != std::sregex_iterator(); ++It)
    Bounds.insert(It->str());
  return Bounds;
}

TEST(TargetFigures, CudaLaunchFiguresReachTheTraits) {
  TargetTraits H200 = targetTraits(Target::CUDA, shipped("h200"));
  EXPECT_TRUE(H200.knowsCudaRegisters());
  EXPECT_EQ(H200.CudaRegistersPerSM, 65536);
  EXPECT_EQ(H200.CudaMaxRegistersPerThread, 255);
  EXPECT_EQ(H200.CudaMaxBlocksPerSM, 32);
  // OpenCL states no launch bounds: it does not read them.
  EXPECT_FALSE(
      targetTraits(Target::OpenCL, shipped("h200")).knowsCudaRegisters());
  // Every shipped profile gives them (sm_90's where the device is not one).
  for (const char *Name :
       {"pocl", "h100-sxm", "h200", "tesla-c2070", "xeon-phi-5110p"})
    EXPECT_TRUE(targetTraits(Target::CUDA, shipped(Name)).knowsCudaRegisters())
        << Name;
  EXPECT_FALSE(
      targetTraits(Target::CUDA, DeviceProfile()).knowsCudaRegisters());
}

TEST(TargetFigures, CudaLaunchFiguresGoTogether) {
  DeviceProfile H200 = shipped("h200");
  // Rewrite the profile's figures as JSON without one of the three.
  auto Json = [&](const std::string &Drop, const std::string &Zero) {
    std::string Figures;
    for (const auto &[Key, F] : H200.Figures) {
      if (Key == Drop || !F.Values.empty())
        continue;
      Figures +=
          std::string(Figures.empty() ? "" : ", ") + "\"" + Key +
          "\": {\"value\": " + (Key == Zero ? "0" : std::to_string(F.Value)) +
          ", \"source\": \"" + F.Source + "\"}";
    }
    return "{\"name\": \"t\", \"kind\": \"gpu\", \"figures\": {" + Figures +
           "}}";
  };
  llvm::Expected<DeviceProfile> Whole = parseDeviceProfile(Json("", ""), "t");
  EXPECT_TRUE(static_cast<bool>(Whole)) << llvm::toString(Whole.takeError());
  llvm::Expected<DeviceProfile> Part =
      parseDeviceProfile(Json("cuda_max_blocks_per_sm", ""), "t");
  ASSERT_FALSE(static_cast<bool>(Part));
  EXPECT_NE(llvm::toString(Part.takeError()).find("go together"),
            std::string::npos);
  llvm::Expected<DeviceProfile> Zero =
      parseDeviceProfile(Json("", "cuda_registers_per_sm"), "t");
  ASSERT_FALSE(static_cast<bool>(Zero));
  EXPECT_NE(llvm::toString(Zero.takeError()).find("whole number of at least 1"),
            std::string::npos);
}

TEST(TargetFigures, CudaLaunchBoundsFollowTheFigures) {
  // heat3d at 256^3 on the H200: the streaming kernel of several points,
  // capped at 64 registers in groups of 256, four of which the 64K
  // registers of an SM hold.
  std::vector<std::string> Sizes = {"-DNX=256", "-DNY=256", "-DNZ=256",
                                    "-DSTEPS=100"};
  DeviceProfile D = shipped("h200");
  std::set<std::string> Bounds =
      launchBounds(translateForCUDA(sample("heat3d"), D, Sizes));
  EXPECT_EQ(Bounds, std::set<std::string>{"__launch_bounds__(256, 4)"});
  // Half the registers: half the blocks.
  D.Figures["cuda_registers_per_sm"].Value = 32768;
  Bounds = launchBounds(translateForCUDA(sample("heat3d"), D, Sizes));
  EXPECT_EQ(Bounds, std::set<std::string>{"__launch_bounds__(256, 2)"});
  // Without the figures the group's size only.
  for (const char *Key :
       {"cuda_registers_per_sm", "cuda_max_registers_per_thread",
        "cuda_max_blocks_per_sm"})
    D.Figures.erase(Key);
  Bounds = launchBounds(translateForCUDA(sample("heat3d"), D, Sizes));
  EXPECT_EQ(Bounds, std::set<std::string>{"__launch_bounds__(256)"});
}

TEST(TargetFigures, StreamRegisterCapsComeFromTheProfile) {
  // The shipped NVIDIA profiles give each streaming kernel's cap.
  DeviceProfile D = shipped("h200");
  StreamRegisterCaps Caps = cudaStreamRegisterCaps(D);
  EXPECT_GT(Caps.SeveralPoints, 0);
  EXPECT_GT(Caps.RunTimePoints, 0);
  EXPECT_GT(Caps.RunTimeRows, 0);
  EXPECT_GT(Caps.DoubleRows, 0);
  EXPECT_EQ(targetTraits(Target::CUDA, D).StreamCaps.SeveralPoints,
            Caps.SeveralPoints);
  // OpenCL output states none of them.
  EXPECT_EQ(targetTraits(Target::OpenCL, D).StreamCaps.SeveralPoints, 0);

  // heat3d at 256^3: the streaming kernel of several points in groups of
  // 256 asks for as many blocks as the SM's registers hold at the cap.
  std::vector<std::string> Sizes = {"-DNX=256", "-DNY=256", "-DNZ=256",
                                    "-DSTEPS=100"};
  auto BlocksAt = [&](int64_t Cap) {
    return "__launch_bounds__(256, " + std::to_string(65536 / (256 * Cap)) +
           ")";
  };
  EXPECT_EQ(launchBounds(translateForCUDA(sample("heat3d"), D, Sizes)),
            std::set<std::string>{BlocksAt(Caps.SeveralPoints)});
  D.Figures["cuda_stream_points_registers"].Value = 32;
  EXPECT_EQ(launchBounds(translateForCUDA(sample("heat3d"), D, Sizes)),
            std::set<std::string>{BlocksAt(32)});
}

TEST(TargetFigures, OpenCLBuildBoundComesFromTheProfile) {
  // heat3d in float at 256^3: four points per work item, 16 bytes, which
  // the OpenCL host builds for the profile's register bound.
  std::vector<std::string> Sizes = {"-DNX=256", "-DNY=256", "-DNZ=256",
                                    "-DSTEPS=100"};
  DeviceProfile D = shipped("h200");
  int64_t Bound = static_cast<int64_t>(
      D.figure("opencl_nv_stream_points_registers").value_or(0));
  ASSERT_GT(Bound, 0);
  auto Bounded = [](int64_t Registers) {
    return "\", " + std::to_string(Registers) + ");";
  };
  std::string Host = translateForOpenCLHost(sample("heat3d"), D, Sizes);
  EXPECT_NE(Host.find("tilec_cl_kernel_bounded("), std::string::npos);
  EXPECT_NE(Host.find(Bounded(Bound)), std::string::npos);
  D.Figures["opencl_nv_stream_points_registers"].Value = 96;
  Host = translateForOpenCLHost(sample("heat3d"), D, Sizes);
  EXPECT_NE(Host.find(Bounded(96)), std::string::npos);
  // Without the figure the kernel is built without a bound.
  D.Figures.erase("opencl_nv_stream_points_registers");
  Host = translateForOpenCLHost(sample("heat3d"), D, Sizes);
  EXPECT_EQ(Host.find("tilec_cl_kernel_bounded("), std::string::npos);
  EXPECT_NE(Host.find("tilec_cl_kernel("), std::string::npos);
}

/// A region of `Dims` axes whose calc rows (the last axis) have `Row`
/// points.
ir::StencilRegion regionOfRows(unsigned Dims, int64_t Row) {
  ir::StencilRegion R;
  R.Axes.resize(Dims);
  for (ir::Axis &A : R.Axes) {
    A.Extent = Row + 2;
    A.Lower = 1;
    A.Upper = Row + 1;
  }
  return R;
}

TEST(TargetFigures, NaiveShapesFollowTheFigures) {
  DeviceProfile D = shipped("h200");
  ir::StencilRegion Wide = regionOfRows(3, 100), Narrow = regionOfRows(3, 20);
  mapNaive(Wide, D);
  mapNaive(Narrow, D);
  // (z, y, x): 128 x 2 x 1 of two planes, and 32 x 4 x 2 of one.
  EXPECT_EQ(Wide.Map.WorkGroup, (std::array<int64_t, 3>{1, 2, 128}));
  EXPECT_EQ(Wide.Map.NaivePlanes, 2);
  EXPECT_EQ(Narrow.Map.WorkGroup, (std::array<int64_t, 3>{2, 4, 32}));
  EXPECT_EQ(Narrow.Map.NaivePlanes, 1);

  D.Figures["naive_3d_group_max_width"].Value = 64;
  D.Figures["naive_3d_wide_group_planes"].Value = 4;
  D.Figures["naive_group_items"].Value = 512;
  mapNaive(Wide, D);
  EXPECT_EQ(Wide.Map.WorkGroup, (std::array<int64_t, 3>{2, 4, 64}));
  EXPECT_EQ(Wide.Map.NaivePlanes, 4);
  ir::StencilRegion Flat = regionOfRows(2, 100);
  mapNaive(Flat, D);
  EXPECT_EQ(Flat.Map.WorkGroup[0], 16);
  EXPECT_EQ(Flat.Map.WorkGroup[1], 32);

  // The shipped figures give the shapes the mapping had when they were
  // written in code, for every row length.
  for (int64_t Row = 1; Row <= 300; ++Row) {
    ir::StencilRegion R = regionOfRows(3, Row);
    mapNaive(R, shipped("h200"));
    std::array<int64_t, 3> Old = Row > 64   ? std::array<int64_t, 3>{1, 2, 128}
                                 : Row > 32 ? std::array<int64_t, 3>{1, 4, 64}
                                            : std::array<int64_t, 3>{2, 4, 32};
    EXPECT_EQ(R.Map.WorkGroup, Old) << Row;
    EXPECT_EQ(R.Map.NaivePlanes, Row > 64 ? 2 : 1) << Row;
  }

  // A profile without the figures: the documented defaults, the same.
  NaiveShapeFigures Defaults = naiveShapeFigures(DeviceProfile());
  NaiveShapeFigures H200 = naiveShapeFigures(shipped("h200"));
  EXPECT_EQ(Defaults.Items, H200.Items);
  EXPECT_EQ(Defaults.MaxWidth3D, H200.MaxWidth3D);
  EXPECT_EQ(Defaults.WidePlanes3D, H200.WidePlanes3D);
}

TEST(TargetFigures, StreamSearchTriesTheProfilesTs) {
  // heat3d in double at 512^3, rings in 48 KiB: 32,16,1,3,2 on the H200,
  // whose profile has the 3D search try every T up to 4. With powers of two
  // only, T = 3 is not tried.
  auto Choice = [](const DeviceProfile &D, int64_t N, ElementType Type,
                   SelectionOptions O) {
    ir::StencilRegion R = heatRegion({N, N, N}, 100);
    for (ir::Field &Fd : R.Fields)
      Fd.Type = Type;
    llvm::Expected<Selection> S = selectParameters(analyseStencil(R), D, O);
    EXPECT_TRUE(static_cast<bool>(S));
    return S ? S->PV.str() : std::string();
  };
  DeviceProfile D = shipped("h200");
  EXPECT_EQ(Choice(D, 512, ElementType::Double, {}), "32,16,1,3,2");
  D.Figures.erase("stream_every_t_up_to_3d");
  EXPECT_EQ(Choice(D, 512, ElementType::Double, {}), "32,8,1,4,2");
  D.Figures["stream_every_t_up_to_3d"] = {3, "measured"};
  EXPECT_EQ(Choice(D, 512, ElementType::Double, {}), "32,16,1,3,2");

  // heat2d at 2048^2 (6 operators a point): 128,1,1,8,1,32 is predicted
  // within 1% of 64,1,1,8,1,64 and loses the tie to the smaller group
  // (stream_tie_margin 0.01, docs/parameter-selection.md); without the
  // margin the prediction alone decides.
  DeviceProfile H200 = shipped("h200");
  auto Choice2D = [](const DeviceProfile &D) {
    llvm::Expected<Selection> S =
        selectParameters(analyseStencil(heatRegion({2048, 2048}, 6)), D, {});
    EXPECT_TRUE(static_cast<bool>(S));
    return S ? S->PV.str() : std::string();
  };
  std::string Tied = Choice2D(H200);
  H200.Figures.erase("stream_tie_margin");
  std::string Untied = Choice2D(H200);
  EXPECT_EQ(Tied, "64,1,1,8,1,64");
  EXPECT_EQ(Untied, "128,1,1,8,1,32");
}

size_t kernels(const std::string &Code) {
  size_t Count = 0;
  for (size_t At = Code.find("__global__"); At != std::string::npos;
       At = Code.find("__global__", At + 1))
    ++Count;
  return Count;
}

TEST(TargetFigures, SizeClassesFollowTheFigures) {
  // heat2d with its extents read at run time: on the H200 the search at
  // 256^2, 1024^2, 4096^2 and 16384^2 picks three vectors, each a kernel.
  DeviceProfile D = shipped("h200");
  ASSERT_TRUE(D.figureValues("size_class_extents_2d").has_value());
  EXPECT_EQ(*D.figureValues("size_class_extents_2d"),
            (std::vector<double>{256, 1024, 4096, 16384}));
  EXPECT_FALSE(D.figure("size_class_extents_2d").has_value());
  std::string Input = sample("heat2d", "heat2d_runtime");
  EXPECT_EQ(kernels(translateForCUDA(Input, D, {})), 3u);
  // The two smaller classes only: two vectors; none: one.
  D.Figures["size_class_extents_2d"].Values = {256, 1024};
  EXPECT_EQ(kernels(translateForCUDA(Input, D, {})), 2u);
  D.Figures.erase("size_class_extents_2d");
  EXPECT_EQ(kernels(translateForCUDA(Input, D, {})), 1u);
}

TEST(TargetFigures, SizeClassesAreAscendingWholeNumbers) {
  std::string Figures;
  for (const char *const *Key = RequiredFigures; *Key; ++Key)
    Figures += std::string("\"") + *Key +
               "\": {\"value\": 64, \"source\": \"datasheet\"}, ";
  auto Parse = [&](const std::string &Classes) {
    return parseDeviceProfile(
        "{\"name\": \"t\", \"kind\": \"gpu\", "
        "\"figures\": {" +
            Figures + "\"size_class_extents_3d\": " + Classes + "}}",
        "t");
  };
  llvm::Expected<DeviceProfile> Good =
      Parse("{\"values\": [64, 128], \"source\": \"datasheet\"}");
  EXPECT_TRUE(static_cast<bool>(Good)) << llvm::toString(Good.takeError());
  for (const char *Bad : {"{\"values\": [128, 64], \"source\": \"datasheet\"}",
                          "{\"values\": [0.5], \"source\": \"datasheet\"}",
                          "{\"values\": [], \"source\": \"datasheet\"}",
                          "{\"values\": [\"a\"], \"source\": \"datasheet\"}",
                          "{\"value\": 1, \"values\": [1], \"source\": "
                          "\"datasheet\"}"}) {
    llvm::Expected<DeviceProfile> P = Parse(Bad);
    EXPECT_FALSE(static_cast<bool>(P)) << Bad;
    if (!P)
      llvm::consumeError(P.takeError());
  }
}

TEST(TargetFigures, StreamTieMarginBelowOne) {
  std::string Figures;
  for (const char *const *Key = RequiredFigures; *Key; ++Key)
    Figures += std::string("\"") + *Key +
               "\": {\"value\": 64, \"source\": \"datasheet\"}, ";
  llvm::Expected<DeviceProfile> P = parseDeviceProfile(
      "{\"name\": \"t\", \"kind\": \"gpu\", \"figures\": {" + Figures +
          "\"stream_tie_margin\": {\"value\": 1, \"source\": "
          "\"measured\"}}}",
      "t");
  ASSERT_FALSE(static_cast<bool>(P));
  EXPECT_NE(llvm::toString(P.takeError()).find("below 1"), std::string::npos);
}

} // namespace

TEST(TargetFigures, StreamPointsFollowTheFigures) {
  // heat3d at 512^3 with CUDA's register cap stated in the kernel: the
  // H200's profile lets a work item keep several points; the vector's P x T
  // and P x words stay within its figures, and without
  // stream_point_words_per_item a work item keeps one point.
  auto Choice = [](const DeviceProfile &D, ElementType Type) {
    ir::StencilRegion R = heatRegion({512, 512, 512}, 100);
    for (ir::Field &Fd : R.Fields)
      Fd.Type = Type;
    SelectionOptions O;
    O.CapsRegisters = true;
    llvm::Expected<Selection> S = selectParameters(analyseStencil(R), D, O);
    EXPECT_TRUE(static_cast<bool>(S));
    return S ? S->PV : ParameterVector{};
  };
  DeviceProfile D = shipped("h200");
  ParameterVector Float = Choice(D, ElementType::Float);
  EXPECT_GT(Float.P, 1) << Float.str();
  EXPECT_LE(Float.P * Float.T, *D.figure("stream_chained_levels_per_item"));
  EXPECT_LE(Float.P, *D.figure("stream_point_words_per_item"));
  D.Figures["stream_point_words_per_item"] = {2, "measured"};
  ParameterVector Two = Choice(D, ElementType::Float);
  EXPECT_LE(Two.P, 2) << Two.str();
  D.Figures.erase("stream_point_words_per_item");
  EXPECT_EQ(Choice(D, ElementType::Float).P, 1);
}

TEST(TargetFigures, StaticLocalMemoryFollowsTheFigure) {
  // NVIDIA's GPUs declare 48 KiB of shared memory statically, of the
  // 227 KiB a block may opt in to; without the figure, all of it.
  DeviceProfile D = shipped("h200");
  EXPECT_EQ(D.staticLocalMemoryBytes(), 48 * 1024);
  D.Figures.erase("static_local_memory_bytes");
  EXPECT_EQ(D.staticLocalMemoryBytes(),
            static_cast<int64_t>(*D.figure("local_memory_bytes")));
  EXPECT_EQ(
      shipped("pocl").staticLocalMemoryBytes(),
      static_cast<int64_t>(*shipped("pocl").figure("local_memory_bytes")));
}
