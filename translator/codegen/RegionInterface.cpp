//===- RegionInterface.cpp - Calls between a region and its host code ---===//
#include "codegen/RegionInterface.h"

#include "ir/StageView.h"

namespace tilec {

using namespace ir;

std::string regionStructName(const StencilRegion &R) {
  return "struct tilec_" + R.Name;
}

std::string hostFunctionName(const StencilRegion &R, HostFunction F) {
  static const char *const Suffix[] = {"enter", "calc", "copy", "leave",
                                       "sweeps"};
  std::string Name = "tilec_" + R.Name + "_" + Suffix[static_cast<int>(F)];
  if (F == HostFunction::Calc || F == HostFunction::Copy)
    Name += R.StageSuffix;
  if (F == HostFunction::Calc)
    Name += R.VariantSuffix;
  return Name;
}

bool hasHostFunction(const StencilRegion &R, HostFunction F) {
  switch (F) {
  case HostFunction::Enter:
  case HostFunction::Leave:
    return true;
  case HostFunction::Sweeps:
    return R.PingPong && R.calcPoints() > 0;
  case HostFunction::Calc:
    // A multi-stage region calls its stages' functions instead, unless
    // they are fused into one kernel.
    return (!R.multiStage() || R.Map.fused()) && R.calcPoints() > 0;
  case HostFunction::Copy:
    // A ping-pong pair with several sweeps per launch hands buffers over
    // in calc.
    if (R.multiStage() || pingPongBlocks(R))
      return false;
    if (R.Copy.Strategy == CopyStrategy::Swap)
      return true;
    if (R.Copy.Strategy == CopyStrategy::None)
      return false;
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Copy.Upper[A] <= R.Copy.Lower[A])
        return false;
    return true;
  }
  return false;
}

namespace {

bool isSwappedDestination(const StencilRegion &R, unsigned Field) {
  // A ping-pong pair's second array has contents of its own.
  if (R.Copy.Strategy == CopyStrategy::Swap && !R.PingPong)
    for (const CopyAssignment &C : R.Copy.Assignments)
      if (C.ValueField == Field)
        return true;
  return false;
}

} // namespace

bool passedPerStep(const StencilRegion &R, const CapturedScalar &S) {
  return !S.PerStepExpression.empty() && R.Map.TimeBlock > 1;
}

std::string perStepParamName(const CapturedScalar &S, int64_t Step) {
  return S.Name + "_" + std::to_string(Step);
}

std::vector<ScalarParam> calcScalarParams(const StencilRegion &R) {
  std::vector<ScalarParam> Params;
  for (const CapturedScalar &S : R.Scalars) {
    if (!passedPerStep(R, S)) {
      Params.push_back({S.Type, S.Name});
      continue;
    }
    for (int64_t Step = 0; Step < R.Map.TimeBlock; ++Step)
      Params.push_back({S.Type, perStepParamName(S, Step)});
  }
  return Params;
}

std::vector<unsigned> copyBoundScalars(const StencilRegion &R) {
  std::vector<unsigned> Out;
  if (R.Copy.Strategy != CopyStrategy::Kernel)
    return Out;
  for (unsigned I = 0; I < R.Scalars.size(); ++I)
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Scalars[I].Name == R.Copy.LowerScalar[A] ||
          R.Scalars[I].Name == R.Copy.UpperScalar[A]) {
        Out.push_back(I);
        break;
      }
  return Out;
}

std::vector<unsigned> copiedInFields(const StencilRegion &R) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (!isSwappedDestination(R, I))
      Out.push_back(I);
  return Out;
}

std::vector<unsigned> readBackFields(const StencilRegion &R) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (R.Fields[I].Role != FieldRole::ReadOnly && !isSwappedDestination(R, I))
      Out.push_back(I);
  return Out;
}

bool isLaunchPartBound(const StencilRegion &R, const std::string &Name) {
  return R.LaunchParts &&
         (Name == R.LaunchParts->First || Name == R.LaunchParts->End);
}

std::vector<HostParam> hostFunctionParams(const StencilRegion &R,
                                          HostFunction F) {
  std::vector<HostParam> Params = {
      {regionStructName(R) + " *", "tilec_region"}};
  switch (F) {
  case HostFunction::Enter:
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Axes[A].runTimeExtent())
        Params.push_back({"int ", R.extentName(A)});
    for (unsigned I : copiedInFields(R))
      Params.push_back({"const void *", R.Fields[I].Name});
    break;
  case HostFunction::Calc:
    for (const ScalarParam &S : calcScalarParams(R))
      if (!isLaunchPartBound(R, S.Name))
        Params.push_back({std::string(scalarTypeName(S.Type)) + " ", S.Name});
    if (R.LaunchParts)
      for (const std::string &Rows : LaunchPartParams::names())
        Params.push_back({"int ", Rows});
    if (R.Reduce)
      Params.push_back({std::string(scalarTypeName(R.Reduce->Type)) + " *",
                        R.Reduce->Variable});
    if (pingPongBlocks(R))
      Params.push_back({"int ", SameBoundaryParam});
    if (calcTakesSteps(R))
      Params.push_back({"int ", "tilec_block"});
    break;
  case HostFunction::Copy:
    for (unsigned I : copyBoundScalars(R))
      Params.push_back({"int ", R.Scalars[I].Name});
    break;
  case HostFunction::Sweeps:
    for (const CapturedScalar &S : R.Scalars)
      Params.push_back({std::string(scalarTypeName(S.Type)) + " ", S.Name});
    if (pingPongBlocks(R))
      Params.push_back({"int ", SameBoundaryParam});
    Params.push_back({"long ", "tilec_sweeps"});
    break;
  case HostFunction::Leave:
    for (unsigned I : readBackFields(R))
      Params.push_back({"void *", R.Fields[I].Name});
    break;
  }
  return Params;
}

std::string hostFunctionSignature(const StencilRegion &R, HostFunction F) {
  std::vector<HostParam> Params = hostFunctionParams(R, F);
  std::string Out = "void " + hostFunctionName(R, F) + "(";
  for (size_t I = 0; I < Params.size(); ++I)
    Out += (I ? ", " : "") + Params[I].Type + Params[I].Name;
  return Out + ")";
}

std::string hostFunctionPrototypes(const StencilRegion &R) {
  std::string Out;
  auto Add = [&Out](const StencilRegion &Region,
                    std::initializer_list<HostFunction> Which) {
    for (HostFunction F : Which)
      if (hasHostFunction(Region, F))
        Out += hostFunctionSignature(Region, F) + ";\n";
  };
  Add(R, {HostFunction::Enter, HostFunction::Calc, HostFunction::Copy,
          HostFunction::Sweeps});
  if (!R.Map.fused())
    for (unsigned I = 0; I < R.Stages.size(); ++I)
      Add(stageView(R, I), {HostFunction::Calc, HostFunction::Copy});
  Add(R, {HostFunction::Leave});
  return Out;
}

std::string bufferMember(const StencilRegion &R, unsigned Field) {
  return R.Fields[Field].Name;
}

bool hasNextBuffer(const StencilRegion &R, unsigned Field) {
  if (R.PingPong)
    return pingPongBlocks(R) && R.Fields[Field].Role != FieldRole::ReadOnly;
  return R.Map.fused() && R.Fields[Field].WrittenInCalc;
}

std::string nextBufferMember(const StencilRegion &R, unsigned Field) {
  std::string Name = R.Fields[Field].Name + "_next";
  bool Taken = true;
  while (Taken) {
    Taken = false;
    for (const ir::Field &F : R.Fields)
      Taken |= F.Name == Name;
    if (Taken)
      Name += "_";
  }
  return Name;
}

std::string partialMember() { return "tilec_partial"; }

std::string combineTargetMember() { return "tilec_combine_into"; }

std::string combineCountMember() { return "tilec_combine_groups"; }

} // namespace tilec
