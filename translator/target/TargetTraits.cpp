//===- TargetTraits.cpp - What the rules need to know of a target ---------===//
#include "target/TargetTraits.h"

#include "target/DeviceProfile.h"

namespace tilec {

std::string cudaArch(const DeviceProfile &Device) {
  return Device.CudaArch.empty() ? "sm_90" : Device.CudaArch;
}

TargetTraits targetTraits(Target Language, const DeviceProfile &Device) {
  TargetTraits T;
  T.Language = Language;
  T.StatesRegisterCaps = Language == Target::CUDA;
  if (Language == Target::OpenCL && !Device.CudaArch.empty())
    T.BuildRegisterCap = OpenCLSeveralPointsRegisters;
  T.RingPointerDims = Language == Target::CUDA ? 2 : 3;
  if (Language == Target::CUDA) {
    // The loader takes all three or none.
    auto Whole = [&](const char *Key) {
      return static_cast<int64_t>(Device.figure(Key).value_or(0));
    };
    T.CudaRegistersPerSM = Whole("cuda_registers_per_sm");
    T.CudaMaxRegistersPerThread = Whole("cuda_max_registers_per_thread");
    T.CudaMaxBlocksPerSM = Whole("cuda_max_blocks_per_sm");
  }
  return T;
}

} // namespace tilec
