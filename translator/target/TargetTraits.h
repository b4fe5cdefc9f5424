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

/// The registers per work item CUDA output caps its streaming kernels at
/// (through __launch_bounds__), one figure per kind of kernel: the
/// profile's cuda_stream_*_registers, whose notes say why each
/// (docs/device-profiles.md). 0: no cap.
struct StreamRegisterCaps {
  /// Several points, constant extents (cuda_stream_points_registers).
  int64_t SeveralPoints = 0;
  /// Several points, run-time extents, small groups
  /// (cuda_stream_runtime_points_registers).
  int64_t RunTimePoints = 0;
  /// The 2D kernel of run-time extents with its interior copy
  /// (cuda_stream_runtime_rows_registers).
  int64_t RunTimeRows = 0;
  /// The 2D kernel of one field of doubles
  /// (cuda_stream_double_rows_registers).
  int64_t DoubleRows = 0;
};

/// The caps `Device`'s profile gives CUDA's streaming kernels.
StreamRegisterCaps cudaStreamRegisterCaps(const DeviceProfile &Device);

struct TargetTraits {
  Target Language = Target::OpenCL;
  /// The kernel itself states a bound on its registers (CUDA's
  /// __launch_bounds__); OpenCL C has no such attribute.
  bool StatesRegisterCaps = false;
  /// Registers per work item the OpenCL host asks the streaming kernel of
  /// 16 bytes of points to be built for, through NVIDIA's
  /// -cl-nv-maxrregcount where the platform takes it (the profile's
  /// opencl_nv_stream_points_registers); 0: never asked.
  int64_t OpenCLBuildRegisters = 0;
  /// OpenCLBuildRegisters where the device has a CUDA architecture, so that
  /// the bound holds and the search may count groups by it; 0 elsewhere.
  int64_t BuildRegisterCap = 0;
  /// CUDA's caps on its streaming kernels; all 0 for OpenCL.
  StreamRegisterCaps StreamCaps;
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
