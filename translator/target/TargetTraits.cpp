//===- TargetTraits.cpp - What the rules need to know of a target ---------===//
#include "target/TargetTraits.h"

#include "target/DeviceProfile.h"

namespace tilec {

std::string cudaArch(const DeviceProfile &Device) {
  return Device.CudaArch.empty() ? "sm_90" : Device.CudaArch;
}

StreamRegisterCaps cudaStreamRegisterCaps(const DeviceProfile &Device) {
  auto Whole = [&](const char *Key) {
    return static_cast<int64_t>(Device.figure(Key).value_or(0));
  };
  StreamRegisterCaps Caps;
  Caps.SeveralPoints = Whole("cuda_stream_points_registers");
  Caps.RunTimePoints = Whole("cuda_stream_runtime_points_registers");
  Caps.RunTimeRows = Whole("cuda_stream_runtime_rows_registers");
  Caps.DoubleRows = Whole("cuda_stream_double_rows_registers");
  return Caps;
}

TargetTraits targetTraits(Target Language, const DeviceProfile &Device) {
  TargetTraits T;
  T.Language = Language;
  T.StatesRegisterCaps = Language == Target::CUDA;
  if (Language == Target::OpenCL) {
    T.OpenCLBuildRegisters = static_cast<int64_t>(
        Device.figure("opencl_nv_stream_points_registers").value_or(0));
    if (!Device.CudaArch.empty())
      T.BuildRegisterCap = T.OpenCLBuildRegisters;
  }
  T.RingPointerDims = Language == Target::CUDA ? 2 : 3;
  if (Language == Target::CUDA) {
    // The loader takes all three or none.
    auto Whole = [&](const char *Key) {
      return static_cast<int64_t>(Device.figure(Key).value_or(0));
    };
    T.CudaRegistersPerSM = Whole("cuda_registers_per_sm");
    T.CudaMaxRegistersPerThread = Whole("cuda_max_registers_per_thread");
    T.CudaMaxBlocksPerSM = Whole("cuda_max_blocks_per_sm");
    T.StreamCaps = cudaStreamRegisterCaps(Device);
  }
  return T;
}

} // namespace tilec
