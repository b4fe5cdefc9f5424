//===- DeviceProfileTest.cpp - Reading device profiles --------------------===//
#include "target/DeviceProfile.h"

#include <gtest/gtest.h>

using namespace tilec;

namespace {

std::string minimalProfile(const std::string &Extra = "") {
  std::string Figures;
  for (const char *const *Key = RequiredFigures; *Key; ++Key)
    Figures += std::string(Figures.empty() ? "" : ", ") + "\"" + *Key +
               "\": {\"value\": 64, \"source\": \"datasheet\"}";
  return "{\"name\": \"test\", \"kind\": \"gpu\", " + Extra + "\"figures\": {" +
         Figures + "}}";
}

TEST(DeviceProfile, ParsesFiguresWithSources) {
  llvm::Expected<DeviceProfile> P =
      parseDeviceProfile(minimalProfile("\"cuda_arch\": \"sm_90\", "), "t");
  ASSERT_TRUE(static_cast<bool>(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Name, "test");
  EXPECT_EQ(P->CudaArch, "sm_90");
  EXPECT_EQ(P->maxWorkGroupSize(), 64);
  EXPECT_EQ(P->Figures.at("l2_bytes").Source, "datasheet");
}

TEST(DeviceProfile, RejectsBadProfiles) {
  auto Fails = [](const std::string &Json, const std::string &Why) {
    llvm::Expected<DeviceProfile> P = parseDeviceProfile(Json, "bad.json");
    ASSERT_FALSE(static_cast<bool>(P)) << Json;
    std::string Message = llvm::toString(P.takeError());
    EXPECT_NE(Message.find(Why), std::string::npos) << Message;
  };
  Fails("{", "bad.json");
  Fails("[]", "expected a JSON object");
  Fails("{\"name\": \"x\", \"kind\": \"fpga\", \"figures\": {}}", "kind");
  Fails("{\"name\": \"x\", \"kind\": \"gpu\", \"figures\": {}}",
        "missing figure");
  std::string NoSource = minimalProfile();
  const std::string Datasheet = "\"datasheet\"";
  NoSource.replace(NoSource.find(Datasheet), Datasheet.size(), "\"guess\"");
  Fails(NoSource, "source must be");
  // Figures are sizes, times, rates and factors: never negative, and a
  // growth per doubling must be positive.
  Fails(minimalProfile().replace(minimalProfile().find("64"), 2, "-64"),
        "value must be a finite number of at least 0");
  std::string Figure =
      "{\"value\": 0, \"source\": \"measured\"}, \"compute_units\"";
  std::string ZeroGrowth = minimalProfile();
  ZeroGrowth.replace(ZeroGrowth.find("\"compute_units\""), 15,
                     "\"stream_level_group_growth_2d\": " + Figure);
  Fails(ZeroGrowth, "a growth must be positive");
  std::string ZeroFactor = minimalProfile();
  ZeroFactor.replace(ZeroFactor.find("\"compute_units\""), 15,
                     "\"stream_wide_factor_2d\": " + Figure);
  EXPECT_TRUE(static_cast<bool>(parseDeviceProfile(ZeroFactor, "ok.json")));
}

TEST(DeviceProfile, EveryShippedProfileLoads) {
  for (const char *Name :
       {"pocl", "h100-sxm", "h200", "tesla-c2070", "xeon-phi-5110p"}) {
    llvm::Expected<DeviceProfile> P =
        loadDeviceProfile(Name, TILEC_SOURCE_PROFILE_DIR);
    ASSERT_TRUE(static_cast<bool>(P)) << llvm::toString(P.takeError());
    EXPECT_EQ(P->Name, Name);
  }
  llvm::Expected<DeviceProfile> H100 =
      loadDeviceProfile("h100-sxm", TILEC_SOURCE_PROFILE_DIR);
  ASSERT_TRUE(static_cast<bool>(H100));
  EXPECT_EQ(H100->CudaArch, "sm_90");
  EXPECT_EQ(H100->maxWorkGroupSize(), 1024);
}

TEST(DeviceProfile, UnknownNameSaysSo) {
  llvm::Expected<DeviceProfile> P =
      loadDeviceProfile("no-such-gpu", TILEC_SOURCE_PROFILE_DIR);
  ASSERT_FALSE(static_cast<bool>(P));
  EXPECT_NE(llvm::toString(P.takeError()).find("unknown device 'no-such-gpu'"),
            std::string::npos);
}

} // namespace
