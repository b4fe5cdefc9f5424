//===- OpenCLBackend.cpp - OpenCL C kernels and OpenCL 1.2 host code -----===//
//
// Writes foo.c (the user's translation unit with each region replaced by
// its call site, and above the user's code the regions' host functions,
// which call the tilec OpenCL runtime, and the kernels embedded as a string
// so the program runs from any directory) and foo.cl (the same kernels, for
// reading).
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspEmitter.h"
#include "codegen/Backend.h"
#include "codegen/FileHeader.h"
#include "codegen/HostEmitter.h"
#include "codegen/KernelEmitter.h"
#include "codegen/StencilRegionCode.h"
#include "target/TargetTraits.h"

#include <map>

namespace tilec {
namespace {

class OpenCLKernelDialect : public KernelDialect {
public:
  std::string kernelPrefix() const override { return "__kernel void"; }
  std::string globalSpace() const override { return "__global "; }
  std::string restrictKeyword() const override { return "restrict"; }
  std::string globalId(unsigned Dim) const override {
    return "get_global_id(" + std::to_string(Dim) + ")";
  }
  std::string localId(unsigned Dim) const override {
    return "get_local_id(" + std::to_string(Dim) + ")";
  }
  std::string groupId(unsigned Dim) const override {
    return "get_group_id(" + std::to_string(Dim) + ")";
  }
  std::string groupCount(unsigned Dim) const override {
    return "get_num_groups(" + std::to_string(Dim) + ")";
  }
  std::string localSpace() const override { return "__local "; }
  std::string localArray(const std::string &Type, const std::string &Name,
                         const std::string &Dims) const override {
    return "__local " + Type + " " + Name + Dims + ";";
  }
  std::string barrier() const override {
    return "barrier(CLK_LOCAL_MEM_FENCE);";
  }
  std::string globalBarrier() const override {
    return "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);";
  }
  /// LLVM unrolls a loop holding a barrier only where it needs no
  /// remainder, which a trip count known at run time does not tell, so
  /// LLVM-based compilers (pocl's) ignore such a hint and warn. NVIDIA's
  /// compiler, which names its pragma in cl_nv_pragma_unroll, unrolls it,
  /// and the unrolled row trips run faster (measured:
  /// docs/notes/opencl-vs-cuda.md, "Unrolled row trips").
  std::vector<std::string> unrollBy(int64_t Count,
                                    bool Barrier) const override {
    std::string Hint = "#pragma unroll " + std::to_string(Count);
    if (!Barrier || Count == 1)
      return {Hint};
    return {"/* LLVM-based compilers (pocl's) cannot unroll a loop that holds "
            "a barrier by a count; NVIDIA's can. */",
            "#ifdef cl_nv_pragma_unroll", Hint, "#endif"};
  }
  /// OpenCL C overloads the math functions on their argument type and has
  /// no `f`-suffixed names; the IR builder made argument types explicit.
  std::string mathFunction(const std::string &Name) const override {
    if (Name.size() > 1 && Name.back() == 'f' && Name != "erf")
      return Name.substr(0, Name.size() - 1);
    return Name;
  }
};

class OpenCLHostDialect : public HostDialect {
public:
  std::string bufferType(const std::string &) const override {
    return "cl_mem ";
  }
  std::string allocate(const std::string &, const std::string &Bytes,
                       const std::string &What) const override {
    return "tilec_cl_alloc(" + Bytes + ", \"" + What + "\")";
  }
  std::string write(const std::string &Buffer, const std::string &Host,
                    const std::string &Bytes,
                    const std::string &What) const override {
    return "tilec_cl_write(" + Buffer + ", " + Host + ", " + Bytes + ", \"" +
           What + "\");";
  }
  std::string read(const std::string &Buffer, const std::string &Host,
                   const std::string &Bytes,
                   const std::string &What) const override {
    return "tilec_cl_read(" + Buffer + ", " + Host + ", " + Bytes + ", \"" +
           What + "\");";
  }
  std::string functionQualifier() const override { return "static"; }
  std::string slabCount() const override { return "tilec_cl_slab_count()"; }
  std::string useSlab(const std::string &Slab) const override {
    return "tilec_cl_use_slab(" + Slab + ");";
  }
  std::string copyBetween(
      const std::string &Destination, const std::string &DestinationSlab,
      const std::string &DestinationOffset, const std::string &Source,
      const std::string &SourceSlab, const std::string &SourceOffset,
      const std::string &Bytes, const std::string &What) const override {
    return "tilec_cl_copy_between(" + Destination + ", " + DestinationSlab +
           ", " + DestinationOffset + ", " + Source + ", " + SourceSlab + ", " +
           SourceOffset + ", " + Bytes + ", \"" + What + "\");";
  }
  std::string exchangeMark() const override {
    return "tilec_cl_exchange_mark();";
  }
  std::string exchangeEnd() const override {
    return "tilec_cl_exchange_end();";
  }
  std::string release(const std::string &Buffer) const override {
    return "tilec_cl_release(" + Buffer + ");";
  }
  void declareKernel(CodeWriter &W, const std::string &Kernel,
                     const std::string &Var,
                     const LaunchShape &Shape) const override {
    std::string Global = "{", Local = "{";
    for (unsigned D = 0; D < Shape.Dims; ++D) {
      Global += (D ? ", " : "") + Shape.global(D);
      Local += (D ? ", " : "") + std::to_string(Shape.Local[D]);
    }
    std::string Dims = std::to_string(Shape.Dims);
    W.line("const size_t " + Var + "_global[" + Dims + "] = " + Global + "};");
    W.line("const size_t " + Var + "_local[" + Dims + "] = " + Local + "};");
    if (Shape.BuildRegisterCap) {
      // The profile's opencl_nv_stream_points_registers says why; the
      // search counts the groups an SM holds with it too.
      std::string Registers = std::to_string(Shape.BuildRegisterCap);
      W.line("/* Several points per work item: built for at most " + Registers +
             " registers each where the platform takes NVIDIA's option. */");
      W.line("cl_kernel " + Var +
             " = tilec_cl_kernel_bounded(tilec_program, tilec_program_parts, "
             "tilec_build_options, \"" +
             Kernel + "\", " + Registers + ");");
    } else {
      W.line("cl_kernel " + Var +
             " = tilec_cl_kernel(tilec_program, tilec_program_parts, "
             "tilec_build_options, \"" +
             Kernel + "\");");
    }
    DimsOf[Var] = Shape.Dims;
  }
  void launch(CodeWriter &W, const std::string &, const std::string &Var,
              const std::vector<std::string> &Args) const override {
    for (size_t I = 0; I < Args.size(); ++I)
      W.line("tilec_cl_arg(" + Var + ", " + std::to_string(I) + ", sizeof " +
             Args[I] + ", &" + Args[I] + ");");
    W.line("tilec_cl_launch(" + Var + ", " + std::to_string(DimsOf[Var]) +
           ", " + Var + "_global, " + Var + "_local);");
  }

private:
  mutable std::map<std::string, unsigned> DimsOf;
};

class OpenCLBackend : public Backend {
public:
  explicit OpenCLBackend(const CodegenOptions &Options) : Options(Options) {}

  RegionCode emitRegion(const ir::LoweredRegion &Region) override {
    return emitStencilRegionCode(Region, Kernels, Host, "OpenCL",
                                 /*Prototypes=*/false);
  }

  RegionCode emitApspRegion(const ir::ApspRegion &Region) override {
    RegionCode Code;
    Code.DeviceCode = emitApspKernels(Region, Kernels, AddMinIntrinsics::None);
    Code.HostFunctions = emitApspHostFunction(Region, Host);
    Code.CallSite = emitApspCallSite(Region, "OpenCL");
    Code.Summary = apspSummary(Region);
    Code.UsesDouble = Region.Type == ApspElementType::Double;
    return Code;
  }

  std::string headerComment(const std::vector<ir::StencilRegion> &Regions,
                            const std::vector<RegionCode> &Code) override {
    return fileHeader(
        Options, "Host program", Regions,
        withRegionSummaries(
            {"Kernels: " + Options.BaseName + ".cl, also embedded below.",
             "Build: tilec-cc, or cc " + Options.BaseName +
                 ".c -I<tilec>/include <tilec>/lib/libtilec_rt_opencl.a "
                 "-lOpenCL -lm"},
            Code));
  }

  std::string preamble(const std::vector<ir::StencilRegion> &Regions,
                       const std::vector<RegionCode> &Code) override {
    std::string Out = "#include \"tilec/tilec_rt_opencl.h\"\n\n";
    Out += "/* The kernels (also in " + Options.BaseName +
           ".cl), in parts of fewer characters than C99 allows a string. */\n";
    Out += "static const char *const tilec_program[] = {\n" +
           cStringArray(programText(Regions, Code), "    ") + "};\n";
    Out += "enum { tilec_program_parts = sizeof tilec_program / sizeof "
           "tilec_program[0] };\n";
    Out += "static const char tilec_build_options[] = \"" + buildOptions() +
           "\";\n";
    for (const RegionCode &C : Code)
      Out += (C.Interface.empty() ? "" : "\n" + C.Interface) + "\n" +
             C.HostFunctions;
    return Out + "/* End of tilec's code. */\n\n";
  }

  std::vector<OutputFile>
  extraFiles(const std::vector<ir::StencilRegion> &Regions,
             const std::vector<RegionCode> &Code) override {
    if (Code.empty())
      return {}; // The .cl is for reading; nothing builds it.
    std::string Text =
        fileHeader(
            Options, "OpenCL kernels", Regions,
            withRegionSummaries(
                {"Built by the host program with: " + buildOptions()}, Code)) +
        "\n" + programText(Regions, Code);
    return {{Options.BaseName + ".cl", Text}};
  }

private:
  CodegenOptions Options;
  OpenCLKernelDialect Kernels;
  OpenCLHostDialect Host;

  std::string buildOptions() const {
    return Options.FP == FPModel::Strict
               ? "-cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt"
               : "-cl-std=CL1.2 -cl-fast-relaxed-math";
  }

  std::string programText(const std::vector<ir::StencilRegion> &Regions,
                          const std::vector<RegionCode> &Code) const {
    std::string Out;
    bool Double = false;
    for (const ir::StencilRegion &R : Regions)
      Double |= R.UsesDouble;
    for (const RegionCode &C : Code)
      Double |= C.UsesDouble;
    if (Options.FP == FPModel::Strict)
      Out += "#pragma OPENCL FP_CONTRACT OFF\n";
    if (Double)
      Out += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    for (const RegionCode &C : Code)
      Out += "\n" + C.DeviceCode;
    return Out;
  }
};

} // namespace

std::unique_ptr<Backend> createOpenCLBackend(const CodegenOptions &Options) {
  return std::make_unique<OpenCLBackend>(Options);
}

} // namespace tilec
