//===- SearchFixtures.h - Regions and profiles for search tests -*- C++ -*-===//
//
// A heat stencil built by hand and the shipped device profiles, shared by
// the tests of the parameter search.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TEST_UNIT_SEARCHFIXTURES_H
#define TILEC_TEST_UNIT_SEARCHFIXTURES_H

#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"

#include <gtest/gtest.h>

#include <vector>

namespace tilec {
namespace testing {

inline const char *const AxisVars[3] = {"i", "j", "k"};

/// A heat stencil A -> B (radius 1 on every axis, swapped buffers) on a
/// grid with `Extents` in C order, `Ops` operators per point.
inline ir::StencilRegion heatRegion(std::vector<int64_t> Extents, unsigned Ops,
                                    int64_t Steps = 100) {
  using namespace ir;
  StencilRegion R;
  R.Name = "heat";
  for (size_t A = 0; A < Extents.size(); ++A) {
    Axis X;
    X.LoopVariable = AxisVars[A];
    X.LoopVariableType = "int";
    X.Extent = Extents[A];
    X.Lower = 1;
    X.Upper = Extents[A] - 1;
    R.Axes.push_back(X);
  }
  Field A, B;
  A.Name = "A";
  A.Role = FieldRole::Source;
  A.ReadInCalc = true;
  for (size_t X = 0; X < Extents.size(); ++X)
    A.Reads.Minus[X] = A.Reads.Plus[X] = 1;
  B.Name = "B";
  B.Role = FieldRole::Destination;
  B.WrittenInCalc = true;
  R.Fields = {A, B};
  R.OperatorCount = Ops;
  R.Time.StepCount = Steps;
  R.Time.Canonical = true;
  R.Copy.Present = true;
  R.Copy.Assignments = {{0, {}, 1, {}}}; // A = B
  R.Copy.Strategy = CopyStrategy::Swap;
  R.Body = {{TimeLoopItem::Calc, ""}, {TimeLoopItem::Copy, ""}};
  return R;
}

/// The shipped profile `Name` (h200, h100-sxm, ...).
inline DeviceProfile profile(const char *Name) {
  llvm::Expected<DeviceProfile> P =
      loadDeviceProfile(Name, TILEC_SOURCE_PROFILE_DIR);
  EXPECT_TRUE(static_cast<bool>(P)) << llvm::toString(P.takeError());
  return *P;
}

} // namespace testing
} // namespace tilec

#endif
