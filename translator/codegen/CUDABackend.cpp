//===- CUDABackend.cpp - C call sites, CUDA kernels and host functions ---===//
//
// Writes three files, so that no line of the user's program passes through
// a C++ compiler:
//   foo.c        the user's file with each region replaced by its call site,
//                compiled as C by the C compiler;
//   foo_tilec.cu the kernels and the regions' host functions (extern "C"),
//                compiled by nvcc; they reach the GPU through the tilec CUDA
//                runtime;
//   foo_tilec.h  the region structs and the functions' prototypes, included
//                by both.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspEmitter.h"
#include "codegen/Backend.h"
#include "codegen/FileHeader.h"
#include "codegen/HostEmitter.h"
#include "codegen/KernelEmitter.h"
#include "codegen/StencilRegionCode.h"
#include "target/TargetTraits.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace tilec {
namespace {

const char *const Axes = "xyz";

class CUDAKernelDialect : public KernelDialect {
public:
  /// `Strict`: the strict floating-point model (floatMultiply). `Traits`:
  /// the registers of the architecture the output is compiled for
  /// (TargetTraits::CudaRegistersPerSM and the rest, from the profile).
  CUDAKernelDialect(bool Strict, const TargetTraits &Traits)
      : Strict(Strict), Traits(Traits) {}
  std::string kernelPrefix() const override { return "__global__ void"; }
  bool compilesTemplates() const override { return true; }
  std::string registerCap(int64_t GroupSize, int64_t Registers) const override {
    // Without the architecture's registers (a profile without the cuda_
    // figures), only the group's size: the kernel still launches.
    if (!Traits.knowsCudaRegisters())
      return " __launch_bounds__(" + std::to_string(GroupSize) + ")";
    // Asking for enough resident groups caps the registers per thread. ptxas
    // refuses more groups than an SM of the target holds
    // (cuda_max_blocks_per_sm): groups so small that that many do not bind
    // need no cap anyway.
    int64_t Groups =
        std::clamp<int64_t>(Traits.CudaRegistersPerSM / (GroupSize * Registers),
                            1, Traits.CudaMaxBlocksPerSM);
    return " __launch_bounds__(" + std::to_string(GroupSize) + ", " +
           std::to_string(Groups) + ")";
  }
  std::string groupSizeBound(int64_t GroupSize) const override {
    // From groups of 512 work items on (on sm_90) the SM's registers bind
    // below a thread's maximum, and a kernel that needs more than
    // cuda_registers_per_sm / GroupSize would not launch (heat2d in double
    // at 512,1,1,12 took 146). Stating the group's size makes ptxas fit
    // them; without the figures it is always stated.
    if (Traits.knowsCudaRegisters() && Traits.CudaRegistersPerSM / GroupSize >=
                                           Traits.CudaMaxRegistersPerThread)
      return "";
    return " __launch_bounds__(" + std::to_string(GroupSize) + ")";
  }
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
  std::string localSpace() const override { return ""; }
  std::string localArray(const std::string &Type, const std::string &Name,
                         const std::string &Dims) const override {
    return "__shared__ " + Type + " " + Name + Dims + ";";
  }
  std::string dynamicLocalBuffer() const override {
    return "extern __shared__ __align__(16) unsigned char tilec_shared[];";
  }
  /// The arrays lie one after the other in that buffer, each a pointer
  /// to its rows: `A_ring[l][s][y][x]` reads as with a __shared__ array.
  std::string dynamicLocalArray(const std::string &Type,
                                const std::string &Name,
                                const std::string &Dims,
                                int64_t Offset) const override {
    std::string Rows = Dims.substr(Dims.find(']') + 1);
    std::string Pointer = Type + " (*)" + Rows;
    return Type + " (*const " + Name + ")" + Rows + " = (" + Pointer +
           ")(tilec_shared + " + std::to_string(Offset) + ");";
  }
  /// nvcc merges four contiguous int loads from a __shared__ array into one
  /// 16-byte load only where it knows the array's alignment (PTX of the
  /// apsp non-pivot kernel: no ld.shared.v4 without __align__).
  bool mergesAlignedLocalLoads() const override { return true; }
  std::string alignedLocalArray(const std::string &Type,
                                const std::string &Name,
                                const std::string &Dims) const override {
    return "__shared__ __align__(16) " + Type + " " + Name + Dims + ";";
  }
  std::string vectorType(const std::string &Scalar,
                         int64_t Width) const override {
    std::string Name = Scalar == "unsigned int" ? "uint" : Scalar;
    bool Known =
        Name == "int" || Name == "uint" || Name == "float" || Name == "double";
    return Known ? Name + std::to_string(Width) : "";
  }
  std::string vectorLoad(const std::string &Vector,
                         const std::string &Element) const override {
    return "*(const " + Vector + " *)&" + Element;
  }
  std::string vectorStore(const std::string &Vector, const std::string &Element,
                          const std::string &Values) const override {
    return "*(" + Vector + " *)&" + Element + " = make_" + Vector + "(" +
           Values + ");";
  }
  std::string unrollHint() const override { return "#pragma unroll"; }
  std::string barrier() const override { return "__syncthreads();"; }
  /// cp.async from sm_80 on; <cuda_pipeline.h> falls back to plain copies
  /// on older GPUs.
  bool copiesAsynchronously() const override { return true; }
  std::string asyncCopyHeader() const override {
    return "#include <cuda_pipeline.h>";
  }
  std::string asyncCopy(const std::string &Destination,
                        const std::string &Source,
                        int64_t Bytes) const override {
    return "__pipeline_memcpy_async(" + Destination + ", " + Source + ", " +
           std::to_string(Bytes) + ");";
  }
  std::string asyncCommit() const override { return "__pipeline_commit();"; }
  std::string asyncWait(int64_t Pending) const override {
    return "__pipeline_wait_prior(" + std::to_string(Pending) + ");";
  }
  std::string mathFunction(const std::string &Name) const override {
    return Name;
  }
  /// nvcc contracts a * b + c into one fused multiply-add unless told
  /// -fmad=false, which a user adding the file to a CUDA target may not
  /// pass; a product rounded by __fmul_rn or __dmul_rn is never fused
  /// (CUDA C++ Programming Guide, "Intrinsic Functions"), so strict
  /// kernels round every product as the serial program does.
  std::string floatMultiply(ir::ScalarType Type, const std::string &L,
                            const std::string &R) const override {
    if (!Strict)
      return "";
    return std::string(Type == ir::ScalarType::Float ? "__fmul_rn("
                                                     : "__dmul_rn(") +
           L + ", " + R + ")";
  }

private:
  bool Strict;
  TargetTraits Traits;
};

class CUDAHostDialect : public HostDialect {
public:
  bool launchesTemplates() const override { return true; }
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
  std::string functionQualifier() const override { return "extern \"C\""; }
  std::string slabCount() const override { return "tilec_cuda_slab_count()"; }
  std::string useSlab(const std::string &Slab) const override {
    return "tilec_cuda_use_slab(" + Slab + ");";
  }
  std::string copyBetween(
      const std::string &Destination, const std::string &DestinationSlab,
      const std::string &DestinationOffset, const std::string &Source,
      const std::string &SourceSlab, const std::string &SourceOffset,
      const std::string &Bytes, const std::string &What) const override {
    return "tilec_cuda_copy_between((char *)" + Destination + " + " +
           DestinationOffset + ", " + DestinationSlab + ", (const char *)" +
           Source + " + " + SourceOffset + ", " + SourceSlab + ", " + Bytes +
           ", \"" + What + "\");";
  }
  std::string exchangeMark() const override {
    return "tilec_cuda_exchange_mark();";
  }
  std::string exchangeEnd() const override {
    return "tilec_cuda_exchange_end();";
  }
  std::string release(const std::string &Buffer) const override {
    return "tilec_cuda_free(" + Buffer + ");";
  }
  void declareKernel(CodeWriter &W, const std::string &, const std::string &Var,
                     const LaunchShape &Shape) const override {
    std::string Grid, Block;
    for (unsigned D = 0; D < 3; ++D) {
      bool Cast = !Shape.constantGroups(D);
      Grid += (D ? ", " : "") +
              (Cast ? "(unsigned)(" + Shape.Groups[D] + ")" : Shape.Groups[D]);
      Block += (D ? ", " : "") + std::to_string(Shape.Local[D]);
    }
    W.line("const dim3 " + Var + "_grid(" + Grid + "), " + Var + "_block(" +
           Block + ");");
    SharedOf[Var] = Shape.DynamicLocalBytes;
  }
  void launch(CodeWriter &W, const std::string &Kernel, const std::string &Var,
              const std::vector<std::string> &Args) const override {
    std::string List;
    for (size_t I = 0; I < Args.size(); ++I)
      List += (I ? ", " : "") + Args[I];
    auto Shared = SharedOf.find(Var);
    if (Shared == SharedOf.end() || Shared->second == 0) {
      W.line("tilec_cuda_launch_begin(\"" + Kernel + "\", (const void *)" +
             Kernel + ");");
      W.line(Kernel + "<<<" + Var + "_grid, " + Var + "_block>>>(" + List +
             ");");
    } else {
      // Beyond 48 KiB a kernel must opt in to its dynamic shared memory.
      std::string Bytes = std::to_string(Shared->second);
      W.line("tilec_cuda_launch_shared_begin(\"" + Kernel +
             "\", (const void *)" + Kernel + ", " + Bytes + ");");
      W.line(Kernel + "<<<" + Var + "_grid, " + Var + "_block, " + Bytes +
             ">>>(" + List + ");");
    }
    W.line("tilec_cuda_launch_end(\"" + Kernel + "\");");
  }

private:
  /// Each declared kernel's bytes of dynamic shared memory, by `Var`.
  mutable std::map<std::string, int64_t> SharedOf;
};

class CUDABackend : public Backend {
public:
  explicit CUDABackend(const CodegenOptions &Options)
      : Options(Options), Kernels(Options.FP == FPModel::Strict,
                                  targetTraits(Target::CUDA, *Options.Device)) {
  }

  RegionCode emitRegion(const ir::LoweredRegion &Region) override {
    return emitStencilRegionCode(Region, Kernels, Host, where(),
                                 /*Prototypes=*/true);
  }

  RegionCode emitApspRegion(const ir::ApspRegion &Region) override {
    RegionCode Code;
    Code.DeviceCode =
        emitApspKernels(Region, Kernels, AddMinIntrinsics::CudaDPX);
    Code.Interface = "/* apsp region " + Region.Name + " (" +
                     Region.SourceFile + ":" +
                     std::to_string(Region.SourceLine) + "). */\n" +
                     apspFunctionSignature(Region) + ";\n";
    Code.HostFunctions = emitApspHostFunction(Region, Host);
    Code.CallSite = emitApspCallSite(Region, where());
    Code.Summary = apspSummary(Region);
    return Code;
  }

  std::string headerComment(const std::vector<ir::StencilRegion> &Regions,
                            const std::vector<RegionCode> &Code) override {
    std::string Base = Options.BaseName;
    return fileHeader(
        Options, "C program", Regions,
        withRegionSummaries(
            {"Kernels and host functions: " + deviceFile() +
                 "; declarations both use: " + headerFile() + ".",
             "Build: tilec-cc, or", "  cc -c " + Base + ".c -I<tilec>/include",
             "  nvcc -arch=" + arch() + " -c " + deviceFile() +
                 " -I<tilec>/include",
             "  nvcc " + Base + ".o " + Base +
                 "_tilec.o <tilec>/lib/libtilec_rt_cuda.a -lm -o " + Base},
            Code));
  }

  std::string preamble(const std::vector<ir::StencilRegion> &,
                       const std::vector<RegionCode> &) override {
    return "#include \"" + headerFile() + "\"\n\n";
  }

  std::vector<OutputFile>
  extraFiles(const std::vector<ir::StencilRegion> &Regions,
             const std::vector<RegionCode> &Code) override {
    return {{headerFile(), header(Regions, Code)},
            {deviceFile(), deviceCode(Regions, Code)}};
  }

private:
  CodegenOptions Options;
  CUDAKernelDialect Kernels;
  CUDAHostDialect Host;

  std::string headerFile() const { return Options.BaseName + "_tilec.h"; }
  std::string deviceFile() const { return Options.BaseName + "_tilec.cu"; }
  std::string where() const { return "CUDA (" + deviceFile() + ")"; }
  std::string arch() const { return cudaArch(*Options.Device); }
  std::string header(const std::vector<ir::StencilRegion> &Regions,
                     const std::vector<RegionCode> &Code) const {
    std::string Guard;
    for (char C : headerFile())
      Guard += std::isalnum(static_cast<unsigned char>(C))
                   ? static_cast<char>(std::toupper(C))
                   : '_';
    std::string Out = fileHeader(Options,
                                 "Declarations shared by " + Options.BaseName +
                                     ".c and " + deviceFile(),
                                 Regions, withRegionSummaries({}, Code));
    Out += "#ifndef " + Guard + "\n#define " + Guard + "\n\n";
    Out += "#include \"tilec/tilec_rt.h\"\n\n#include <stddef.h>\n\n";
    Out += "#ifdef __cplusplus\nextern \"C\" {\n#endif\n";
    for (const RegionCode &C : Code)
      Out += "\n" + C.Interface;
    Out += "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
    return Out;
  }

  std::string deviceCode(const std::vector<ir::StencilRegion> &Regions,
                         const std::vector<RegionCode> &Code) const {
    std::vector<std::string> Lines = {
        "Build: tilec-cc, or nvcc -arch=" + arch() + " -c " + deviceFile() +
        " -I<tilec>/include"};
    if (Options.FP == FPModel::Strict)
      Lines.insert(
          Lines.end(),
          {"Every floating-point product is rounded on its own (__fmul_rn, "
           "__dmul_rn), which nvcc never fuses",
           "into a multiply-add, with or without -fmad=false; "
           "--use_fast_math, -ftz=true, -prec-div=false",
           "and -prec-sqrt=false would still change the results."});
    else
      Lines.push_back("Fused multiply-adds are allowed.");
    std::string Out = fileHeader(Options, "CUDA kernels and host functions",
                                 Regions, withRegionSummaries(Lines, Code));
    Out += "#include \"" + headerFile() +
           "\"\n#include \"tilec/tilec_rt_cuda.h\"\n\n#include "
           "<limits.h>\n#include <math.h>\n";
    for (const RegionCode &C : Code)
      Out += "\n" + C.DeviceCode + "\n" + C.HostFunctions;
    return Out;
  }
};

} // namespace

std::unique_ptr<Backend> createCUDABackend(const CodegenOptions &Options) {
  return std::make_unique<CUDABackend>(Options);
}

} // namespace tilec
