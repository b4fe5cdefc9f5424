//===- InputScan.h - Which inputs need tilec ---------------------*- C++
//-*-===//
//
// tilec-cc translates only the sources that hold a region and links the
// tilec runtime only into programs that call it, so that it can replace cc
// for a whole project: most files of a project are plain C and must build
// exactly as cc builds them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_INPUTSCAN_H
#define TILEC_DRIVER_CC_INPUTSCAN_H

#include "llvm/ADT/StringRef.h"

namespace tilec::cc {

/// Whether the C file at \p Path has a line `#pragma stencil ...` or
/// `#pragma apsp ...`. A text scan, not a parse: a directive that the
/// preprocessor would drop still counts, and tilec then leaves that file
/// as it is.
bool containsRegion(llvm::StringRef Path);

/// The tilec runtimes an object, archive or shared library calls.
struct RuntimeUse {
  bool OpenCL = false; ///< Refers to tilec_cl_* (libtilec_rt_opencl.a).
  bool CUDA = false;   ///< Refers to tilec_cuda_* (libtilec_rt_cuda.a).

  RuntimeUse &operator|=(const RuntimeUse &O) {
    OpenCL |= O.OpenCL;
    CUDA |= O.CUDA;
    return *this;
  }
  bool any() const { return OpenCL || CUDA; }
};

/// Reads the symbol tables of \p Path (ELF objects, archives, shared
/// libraries, LLVM bitcode) for undefined references to the runtimes'
/// functions. Files it cannot read as objects, and GCC's LTO objects, whose
/// symbol table is in a section of their own, are searched as bytes.
RuntimeUse runtimeUse(llvm::StringRef Path);

} // namespace tilec::cc

#endif
