//===- TargetTraits.cpp - What the rules need to know of a target ---------===//
#include "target/TargetTraits.h"

#include "target/DeviceProfile.h"

namespace tilec {

TargetTraits targetTraits(Target Language, const DeviceProfile &Device) {
  TargetTraits T;
  T.Language = Language;
  T.StatesRegisterCaps = Language == Target::CUDA;
  if (Language == Target::OpenCL && !Device.CudaArch.empty())
    T.BuildRegisterCap = OpenCLSeveralPointsRegisters;
  T.RingPointerDims = Language == Target::CUDA ? 2 : 3;
  return T;
}

} // namespace tilec
