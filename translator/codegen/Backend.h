//===- Backend.h - The interface every target implements --------*- C++ -*-===//
//
// A back end turns mapped regions into device code, host functions that
// drive it, a call site that replaces each region in the user's file, and
// the files around them. The user's file stays C for every target (foo.c);
// OpenCL puts the host functions above the user's code in it, CUDA puts
// them with the kernels in foo_tilec.cu. The driver rewrites the translation
// unit with these pieces; back ends never see Clang.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_BACKEND_H
#define TILEC_CODEGEN_BACKEND_H

#include "ir/ApspIR.h"
#include "ir/LoweredRegion.h"
#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"
#include "target/TargetTraits.h"

#include <memory>
#include <string>
#include <vector>

namespace tilec {

enum class FPModel { Strict, Fast };

struct CodegenOptions {
  FPModel FP = FPModel::Strict;
  const DeviceProfile *Device = nullptr;
  std::string InputName;   ///< File name of the input, e.g. heat3d.c.
  std::string BaseName;    ///< Output base name, e.g. heat3d.
  std::string ToolVersion; ///< e.g. "tilec 0.1.0".
};

struct RegionCode {
  std::string DeviceCode; ///< The region's kernels.
  /// Declarations the call site and the host functions share (the region's
  /// struct of device buffers).
  std::string Interface;
  std::string HostFunctions; ///< Definitions (RegionInterface.h).
  std::string CallSite;      ///< Replaces the region, indented as a block.
  /// Apsp regions: a line for the file header, and whether the kernels use
  /// double (stencil regions say both through their IR).
  std::string Summary;
  bool UsesDouble = false;
};

struct OutputFile {
  std::string Name; ///< Relative to the output directory.
  std::string Contents;
};

class Backend {
public:
  virtual ~Backend() = default;

  /// A stencil region, lowered for this target (ir/LoweredRegion.h).
  virtual RegionCode emitRegion(const ir::LoweredRegion &Region) = 0;
  /// Blocked Floyd-Warshall code for an apsp region.
  virtual RegionCode emitApspRegion(const ir::ApspRegion &Region) = 0;
  /// The comment put at the top of the user's file. `Code` holds every
  /// region's code (stencil regions first, in `Regions` order, then apsp
  /// regions).
  virtual std::string
  headerComment(const std::vector<ir::StencilRegion> &Regions,
                const std::vector<RegionCode> &Code) = 0;
  /// The code put before the user's first declaration, after the includes
  /// and feature-test macros above it: includes, embedded kernels, host
  /// functions or their declarations.
  virtual std::string preamble(const std::vector<ir::StencilRegion> &Regions,
                               const std::vector<RegionCode> &Code) = 0;
  /// Files written next to the user's (OpenCL: foo.cl; CUDA: foo_tilec.cu
  /// and foo_tilec.h, also when the file has no region, so that builds
  /// that compile them find them).
  virtual std::vector<OutputFile>
  extraFiles(const std::vector<ir::StencilRegion> &Regions,
             const std::vector<RegionCode> &Code) = 0;
};

std::unique_ptr<Backend> createOpenCLBackend(const CodegenOptions &Options);
std::unique_ptr<Backend> createCUDABackend(const CodegenOptions &Options);

} // namespace tilec

#endif
