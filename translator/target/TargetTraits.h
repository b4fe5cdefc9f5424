//===- TargetTraits.h - What the rules need to know of a target -*- C++ -*-===//
//
// The facts of a target language and its compilers that shape the kernels
// tilec prints, gathered in one place so that the rules (rules/) and the
// search read them instead of asking a back end: how a kernel's registers
// can be bounded and how its rings are best indexed.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TARGET_TARGETTRAITS_H
#define TILEC_TARGET_TARGETTRAITS_H

#include <cstdint>
#include <string>

namespace tilec {

enum class Target { OpenCL, CUDA };

struct DeviceProfile;

/// The registers per work item NVIDIA's OpenCL compiler is told to fit the
/// streaming kernel of four floats or two doubles per work item in
/// (-cl-nv-maxrregcount; OpenCL cannot bound them in the kernel as CUDA's
/// __launch_bounds__ does): unbounded it takes so many that two groups fit
/// an SM, at 64 it spills, at 80 three fit (docs/notes/opencl-vs-cuda.md).
constexpr int64_t OpenCLSeveralPointsRegisters = 80;

struct TargetTraits {
  Target Language = Target::OpenCL;
  /// The kernel itself states a bound on its registers (CUDA's
  /// __launch_bounds__); OpenCL C has no such attribute.
  bool StatesRegisterCaps = false;
  /// Registers per work item the OpenCL host builds the streaming kernel
  /// of 16 bytes of points for, through NVIDIA's -cl-nv-maxrregcount, which
  /// a device with a CUDA architecture takes; 0 elsewhere.
  int64_t BuildRegisterCap = 0;
  /// The grid dimensions whose streaming kernels index their rings through
  /// a pointer to the work item's cell rather than by subscripts: nvcc
  /// folds subscripted ring reads itself in 3D but not in 2D, NVIDIA's
  /// OpenCL compiler the other way round (docs/notes/stream-shape.md, "Ring
  /// indexing"; docs/notes/opencl-vs-cuda.md, "Rings through a pointer").
  unsigned RingPointerDims = 0;
  /// The architecture CUDA output is compiled for, as CUDA's
  /// __launch_bounds__ need it: the registers of one SM, the most one
  /// thread may have, and the most blocks an SM holds (the profile's
  /// cuda_registers_per_sm, cuda_max_registers_per_thread and
  /// cuda_max_blocks_per_sm; docs/device-profiles.md). All 0 for OpenCL and
  /// where the profile gives none; the CUDA back end then bounds each
  /// kernel by its group's size only.
  int64_t CudaRegistersPerSM = 0;
  int64_t CudaMaxRegistersPerThread = 0;
  int64_t CudaMaxBlocksPerSM = 0;

  bool knowsCudaRegisters() const {
    return CudaRegistersPerSM > 0 && CudaMaxRegistersPerThread > 0 &&
           CudaMaxBlocksPerSM > 0;
  }

  bool ringsThroughPointer(unsigned Dims) const {
    return Dims == RingPointerDims;
  }
};

/// The architecture CUDA output is compiled for: the profile's cuda_arch,
/// else sm_90, the architecture tilec's CUDA output is measured and tested
/// on (profiles of devices that are not NVIDIA's name none, and the CUDA
/// figures they carry are sm_90's: docs/device-profiles.md).
std::string cudaArch(const DeviceProfile &Device);

/// The traits of `Language` on `Device`.
TargetTraits targetTraits(Target Language, const DeviceProfile &Device);

} // namespace tilec

#endif
