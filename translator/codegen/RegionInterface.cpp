//===- RegionInterface.cpp - Calls between a region and its host code ---===//
#include "codegen/RegionInterface.h"

namespace tilec {

using namespace ir;

std::string regionStructName(const StencilRegion &R) {
  return "struct tilec_" + R.Name;
}

std::string hostFunctionName(const StencilRegion &R, HostFunction F) {
  static const char *const Suffix[] = {"enter", "calc", "copy", "leave"};
  return "tilec_" + R.Name + "_" + Suffix[static_cast<int>(F)];
}

bool hasHostFunction(const StencilRegion &R, HostFunction F) {
  switch (F) {
  case HostFunction::Enter:
  case HostFunction::Leave:
    return true;
  case HostFunction::Calc:
    return R.calcPoints() > 0;
  case HostFunction::Copy:
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
  if (R.Copy.Strategy == CopyStrategy::Swap)
    for (const CopyAssignment &C : R.Copy.Assignments)
      if (C.ValueField == Field)
        return true;
  return false;
}

} // namespace

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

std::string hostFunctionSignature(const StencilRegion &R, HostFunction F) {
  std::vector<std::string> Params = {regionStructName(R) + " *tilec_region"};
  switch (F) {
  case HostFunction::Enter:
    for (unsigned I : copiedInFields(R))
      Params.push_back("const void *" + R.Fields[I].Name);
    break;
  case HostFunction::Calc:
    for (const CapturedScalar &S : R.Scalars)
      Params.push_back(std::string(scalarTypeName(S.Type)) + " " + S.Name);
    if (R.Reduce)
      Params.push_back(std::string(scalarTypeName(R.Reduce->Type)) + " *" +
                       R.Reduce->Variable);
    if (calcTakesSteps(R))
      Params.push_back("int tilec_block");
    break;
  case HostFunction::Copy:
    break;
  case HostFunction::Leave:
    for (unsigned I : readBackFields(R))
      Params.push_back("void *" + R.Fields[I].Name);
    break;
  }
  std::string Out = "void " + hostFunctionName(R, F) + "(";
  for (size_t I = 0; I < Params.size(); ++I)
    Out += (I ? ", " : "") + Params[I];
  return Out + ")";
}

std::string hostFunctionPrototypes(const StencilRegion &R) {
  std::string Out;
  for (HostFunction F : {HostFunction::Enter, HostFunction::Calc,
                         HostFunction::Copy, HostFunction::Leave})
    if (hasHostFunction(R, F))
      Out += hostFunctionSignature(R, F) + ";\n";
  return Out;
}

std::string bufferMember(const StencilRegion &R, unsigned Field) {
  return R.Fields[Field].Name;
}

std::string partialMember() { return "tilec_partial"; }

} // namespace tilec
