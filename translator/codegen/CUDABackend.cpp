//===- CUDABackend.cpp - CUDA kernels and host code in one .cu file ------===//
//
// Writes foo.cu: the user's translation unit with the kernels placed before
// the function that holds each region, and the region replaced by host code
// calling the CUDA runtime API through the tilec CUDA runtime.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspEmitter.h"
#include "codegen/Backend.h"
#include "codegen/FileHeader.h"
#include "codegen/HostEmitter.h"
#include "codegen/KernelEmitter.h"

namespace tilec {
namespace {

const char *const Axes = "xyz";

class CUDAKernelDialect : public KernelDialect {
public:
  std::string kernelPrefix() const override { return "__global__ void"; }
  std::string globalSpace() const override { return ""; }
  std::string restrictKeyword() const override { return "__restrict__"; }
  std::string globalId(unsigned Dim) const override {
    std::string A(1, Axes[Dim]);
    return "(blockIdx." + A + " * blockDim." + A + " + threadIdx." + A + ")";
  }
  std::string localId(unsigned Dim) const override {
    return std::string("threadIdx.") + Axes[Dim];
  }
  std::string groupId(unsigned Dim) const override {
    return std::string("blockIdx.") + Axes[Dim];
  }
  std::string groupCount(unsigned Dim) const override {
    return std::string("gridDim.") + Axes[Dim];
  }
  std::string localArray(const std::string &Type, const std::string &Name,
                         const std::string &Dims) const override {
    return "__shared__ " + Type + " " + Name + Dims + ";";
  }
  std::string barrier() const override { return "__syncthreads();"; }
  std::string mathFunction(const std::string &Name) const override {
    return Name;
  }
};

class CUDAHostDialect : public HostDialect {
public:
  std::string bufferType(const std::string &ElementType) const override {
    return ElementType + " *";
  }
  std::string allocate(const std::string &ElementType, const std::string &Bytes,
                       const std::string &What) const override {
    return "(" + ElementType + " *)tilec_cuda_alloc(" + Bytes + ", \"" + What +
           "\")";
  }
  std::string write(const std::string &Buffer, const std::string &Host,
                    const std::string &Bytes,
                    const std::string &What) const override {
    return "tilec_cuda_write(" + Buffer + ", " + Host + ", " + Bytes + ", \"" +
           What + "\");";
  }
  std::string read(const std::string &Buffer, const std::string &Host,
                   const std::string &Bytes,
                   const std::string &What) const override {
    return "tilec_cuda_read(" + Host + ", " + Buffer + ", " + Bytes + ", \"" +
           What + "\");";
  }
  std::string staticAssert(const std::string &Condition,
                           const std::string &Message) const override {
    return "static_assert(" + Condition + ", \"" + Message + "\");";
  }
  std::string release(const std::string &Buffer) const override {
    return "tilec_cuda_free(" + Buffer + ");";
  }
  void declareKernel(CodeWriter &W, const std::string &, const std::string &Var,
                     const LaunchShape &Shape) const override {
    auto Dim3 = [&](const std::array<int64_t, 3> &Sizes) {
      return std::to_string(Sizes[0]) + ", " + std::to_string(Sizes[1]) + ", " +
             std::to_string(Sizes[2]);
    };
    std::array<int64_t, 3> Grid;
    for (unsigned D = 0; D < 3; ++D)
      Grid[D] = Shape.Global[D] / Shape.Local[D];
    W.line("const dim3 " + Var + "_grid(" + Dim3(Grid) + "), " + Var +
           "_block(" + Dim3(Shape.Local) + ");");
  }
  void launch(CodeWriter &W, const std::string &Kernel, const std::string &Var,
              const std::vector<std::string> &Args) const override {
    std::string List;
    for (size_t I = 0; I < Args.size(); ++I)
      List += (I ? ", " : "") + Args[I];
    W.line("tilec_cuda_launch_begin(\"" + Kernel + "\");");
    W.line(Kernel + "<<<" + Var + "_grid, " + Var + "_block>>>(" + List + ");");
    W.line("tilec_cuda_launch_end(\"" + Kernel + "\");");
  }
};

class CUDABackend : public Backend {
public:
  explicit CUDABackend(const CodegenOptions &Options) : Options(Options) {}

  std::string mainFileExtension() const override { return ".cu"; }

  RegionCode emitRegion(const ir::StencilRegion &Region) override {
    RegionCode Code;
    Code.DeviceCode = emitKernels(Region, Kernels);
    Code.HostCode = emitHostCode(Region, Host, "CUDA");
    return Code;
  }

  RegionCode emitApspRegion(const ir::ApspRegion &Region) override {
    RegionCode Code;
    Code.DeviceCode =
        emitApspKernels(Region, Kernels, AddMinIntrinsics::CudaDPX);
    Code.HostCode = emitApspHostCode(Region, Host, "CUDA");
    Code.Summary = apspSummary(Region);
    return Code;
  }

  std::string preamble(const std::vector<ir::StencilRegion> &Regions,
                       const std::vector<RegionCode> &Code) override {
    std::string Arch =
        Options.Device->CudaArch.empty() ? "sm_90" : Options.Device->CudaArch;
    std::string Flags = Options.FP == FPModel::Strict ? " -fmad=false" : "";
    std::string Out = fileHeader(
        Options, "CUDA program", Regions,
        withRegionSummaries(
            {"Build: tilec-cc, or nvcc -arch=" + Arch + Flags + " " +
                 Options.BaseName +
                 ".cu -I<tilec>/include <tilec>/lib/libtilec_rt_cuda.a",
             Options.FP == FPModel::Strict
                 ? "-fmad=false keeps a * b + c from becoming one fused "
                   "multiply-add, as in the serial program."
                 : "Fused multiply-adds are allowed."},
            Code));
    return Out + "#include \"tilec/tilec_rt_cuda.h\"\n#include <limits.h>\n"
                 "#include <math.h>\n\n";
  }

  std::string beforeFunction(const RegionCode &Code) override {
    return Code.DeviceCode + "\n";
  }

  std::vector<OutputFile> extraFiles(const std::vector<ir::StencilRegion> &,
                                     const std::vector<RegionCode> &) override {
    return {};
  }

private:
  CodegenOptions Options;
  CUDAKernelDialect Kernels;
  CUDAHostDialect Host;
};

} // namespace

std::unique_ptr<Backend> createCUDABackend(const CodegenOptions &Options) {
  return std::make_unique<CUDABackend>(Options);
}

} // namespace tilec
