//===- StageView.cpp - One stage of a region as a region of its own ------===//
#include "ir/StageView.h"

namespace tilec::ir {

StencilRegion stageView(const StencilRegion &R, unsigned Index) {
  const Stage &S = R.Stages[Index];
  StencilRegion V;
  V.Name = R.Name;
  V.StageSuffix = "_" + std::to_string(Index + 1);
  V.SourceFile = R.SourceFile;
  V.SourceLine = S.SourceLine;
  V.Axes = R.Axes;
  V.Time = R.Time;
  V.Fields = R.Fields;
  for (unsigned F = 0; F < V.Fields.size(); ++F) {
    Field &Out = V.Fields[F];
    const FieldUse &U = S.Uses[F];
    Out.ReadInCalc = S.StageKind == Stage::Calc && U.Read;
    Out.WrittenInCalc = S.StageKind == Stage::Calc && U.Written;
    Out.Reads = U.Reads;
    Out.Role = U.Written ? FieldRole::Destination
                         : (U.Read ? FieldRole::Source : FieldRole::ReadOnly);
  }
  V.UsesDouble = R.UsesDouble;
  V.KernelAccess = R.KernelAccess;
  V.Map = S.Map;
  if (S.StageKind == Stage::Copy) {
    // No calc range: the view's only work is its copy kernel.
    for (Axis &X : V.Axes)
      X.Lower = X.Upper = 0;
    V.Copy.Present = true;
    V.Copy.Lower = S.Lower;
    V.Copy.Upper = S.Upper;
    V.Copy.LowerText = S.LowerText;
    V.Copy.UpperText = S.UpperText;
    V.Copy.LowerScalar = S.LowerScalar;
    V.Copy.UpperScalar = S.UpperScalar;
    V.Scalars = R.Scalars; // copyBoundScalars picks the bounds' ones
    V.Copy.Assignments = S.Copies;
    V.Copy.Strategy = CopyStrategy::Kernel;
    V.Copy.StrategyReason = "a copy nest among several calc nests";
    V.Body = {{TimeLoopItem::Copy, "", 0}};
    return V;
  }
  for (unsigned A = 0; A < V.dims(); ++A)
    S.rangeInto(A, V.Axes[A]);
  for (unsigned I : S.Scalars)
    V.Scalars.push_back(R.Scalars[I]);
  V.Locals = S.Locals;
  V.Update = S.Update;
  V.OperatorCount = S.OperatorCount;
  V.Body = {{TimeLoopItem::Calc, "", 0}};
  return V;
}

} // namespace tilec::ir
