//===- CopyEliminationTest.cpp - When the copy nest becomes a swap --------===//
#include "transforms/CopyElimination.h"
#include "transforms/NaiveMapping.h"

#include <gtest/gtest.h>

using namespace tilec;
using namespace tilec::ir;

namespace {

/// A 2D region A -> B with copy B -> A over the calc range.
StencilRegion heatRegion() {
  StencilRegion R;
  R.Name = "r";
  R.Axes.resize(2);
  R.Axes[0].LoopVariable = "j";
  R.Axes[0].LoopVariableType = "int";
  R.Axes[0].Extent = 16;
  R.Axes[0].Lower = 1;
  R.Axes[0].Upper = 15;
  R.Axes[1].LoopVariable = "i";
  R.Axes[1].LoopVariableType = "int";
  R.Axes[1].Extent = 20;
  R.Axes[1].Lower = 1;
  R.Axes[1].Upper = 19;
  Field A, B;
  A.Name = "A";
  A.Role = FieldRole::Source;
  A.ReadInCalc = true;
  B.Name = "B";
  B.Role = FieldRole::Destination;
  B.WrittenInCalc = true;
  R.Fields = {A, B};
  R.Copy.Present = true;
  R.Copy.Lower = {1, 1};
  R.Copy.Upper = {15, 19};
  R.Copy.Assignments = {{0, {}, 1, {}}};
  R.Body = {{TimeLoopItem::Calc, ""}, {TimeLoopItem::Copy, ""}};
  return R;
}

TEST(CopyElimination, SwapsWhenCopyMatchesCalc) {
  StencilRegion R = heatRegion();
  eliminateCopy(R);
  EXPECT_EQ(R.Copy.Strategy, CopyStrategy::Swap);
}

TEST(CopyElimination, KernelWhenRangesDiffer) {
  StencilRegion R = heatRegion();
  R.Copy.Upper[1] = 18;
  eliminateCopy(R);
  EXPECT_EQ(R.Copy.Strategy, CopyStrategy::Kernel);
  EXPECT_NE(R.Copy.StrategyReason.find("along x"), std::string::npos);
}

TEST(CopyElimination, KernelWhenCalcReadsTheDestination) {
  StencilRegion R = heatRegion();
  R.Fields[1].ReadInCalc = true;
  eliminateCopy(R);
  EXPECT_EQ(R.Copy.Strategy, CopyStrategy::Kernel);
}

TEST(CopyElimination, KernelWhenCopyPrecedesCalc) {
  StencilRegion R = heatRegion();
  std::swap(R.Body[0], R.Body[1]);
  eliminateCopy(R);
  EXPECT_EQ(R.Copy.Strategy, CopyStrategy::Kernel);
}

TEST(CopyElimination, KernelForComponentCopies) {
  StencilRegion R = heatRegion();
  R.Fields[0].ComponentExtents = {2};
  R.Copy.Assignments[0].TargetComponents = {1};
  eliminateCopy(R);
  EXPECT_EQ(R.Copy.Strategy, CopyStrategy::Kernel);
}

TEST(CopyElimination, NoneWithoutCopyNest) {
  StencilRegion R = heatRegion();
  R.Copy.Present = false;
  eliminateCopy(R);
  EXPECT_EQ(R.Copy.Strategy, CopyStrategy::None);
}

TEST(NaiveMapping, ShapesFitTheDevice) {
  DeviceProfile Small;
  Small.Figures["max_work_group_size"] = {64, "datasheet"};
  StencilRegion R = heatRegion();
  mapNaive(R, Small);
  EXPECT_EQ(R.Map.WorkGroup[0] * R.Map.WorkGroup[1], 64);
  EXPECT_EQ(R.Map.WorkGroup[1], 32); // x keeps the warp width longest

  DeviceProfile Large;
  Large.Figures["max_work_group_size"] = {1024, "datasheet"};
  mapNaive(R, Large);
  EXPECT_EQ(R.Map.WorkGroup[0], 8);
  EXPECT_EQ(R.Map.WorkGroup[1], 32);
}

} // namespace
