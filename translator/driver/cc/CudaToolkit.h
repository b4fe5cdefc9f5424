//===- CudaToolkit.h - Where the CUDA runtime library is --------*- C++ -*-===//
//
// Programs with CUDA regions link the CUDA runtime of the toolkit that nvcc
// belongs to; toolkits put it in different places, and nvcc may be a
// wrapper script, so this asks nvcc before guessing.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_CUDATOOLKIT_H
#define TILEC_DRIVER_CC_CUDATOOLKIT_H

#include "driver/cc/Toolchain.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec::cc {

/// How to link the CUDA runtime library.
struct CudaRuntimeLibrary {
  std::string Dir;
  bool Static = true; ///< libcudart_static.a; otherwise libcudart.so.

  /// The link flags: the library and what it needs (nvcc's host objects
  /// also need the C++ runtime).
  std::vector<std::string> linkFlags() const;
};

/// Finds the CUDA runtime library of \p NVCC's toolkit, preferring the
/// static one so that the program runs without LD_LIBRARY_PATH.
std::optional<CudaRuntimeLibrary> findCudaRuntime(const ToolCommand &NVCC);

} // namespace tilec::cc

#endif
