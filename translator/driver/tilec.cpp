//===- tilec.cpp - The tilec command: translate annotated C ---------------===//
//
//   tilec [options] [compiler flags such as -DNX=64 -Iinc] foo.c [-- flags]
//
//===----------------------------------------------------------------------===//
#include "driver/CompilerFlags.h"
#include "driver/OutputFiles.h"
#include "driver/ToolPaths.h"
#include "driver/Translator.h"
#include "tuning/FwTile.h"
#include "tuning/StreamSearch.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory Category("tilec options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"),
                                      cl::cat(Category));
static cl::opt<tilec::Target> TargetOpt(
    "target", cl::desc("Code to emit (default: opencl)"),
    cl::values(clEnumValN(tilec::Target::OpenCL, "opencl",
                          "host C (OpenCL 1.2 API) + .cl kernels"),
               clEnumValN(tilec::Target::CUDA, "cuda",
                          "host C + _tilec.cu (kernels, host functions) + "
                          "_tilec.h")),
    cl::init(tilec::Target::OpenCL), cl::cat(Category));
static cl::opt<std::string>
    DeviceOpt("device",
              cl::desc("Device profile: a shipped name or a .json file "
                       "(default: pocl for opencl, h100-sxm for cuda)"),
              cl::value_desc("name|profile.json"), cl::cat(Category));
static cl::opt<std::string> OutputPath(
    "o",
    cl::desc("Where to write: a directory (files named after the input), "
             "or the host program's name ending in .c (the other files "
             "named after it)"),
    cl::value_desc("dir|name.c"), cl::Prefix, cl::cat(Category));
static cl::opt<bool>
    Force("force",
          cl::desc("Write over existing files that tilec did not write "
                   "(never over an input)"),
          cl::cat(Category));
static cl::opt<bool> DumpIR("dump-ir",
                            cl::desc("Print the stencil IR after lowering"),
                            cl::cat(Category));
static cl::opt<bool>
    DumpIRAfterAll("dump-ir-after-all",
                   cl::desc("Print the IR after the front end and each pass"),
                   cl::cat(Category));
static cl::opt<std::string> ParamsOpt(
    "params",
    cl::desc("How calc points map onto work items (default: chosen "
             "statically from the device profile; see --explain): 'naive' "
             "(one work item per point, no blocking), or W,H,D,T: work "
             "groups of W x H x D work items (powers of two, along x, y, z) "
             "owning blocks staged in local memory, advancing T steps per "
             "launch (H = 1 in 2D or D = 1 in 3D: the group streams along "
             "the outermost axis), or W,H,1,T,P in 3D: streaming groups "
             "whose work items each compute P adjacent points along y; a "
             "sixth number C sets the rows a streaming group walks along the "
             "outermost axis (default: 16T rounded up to a power of two). "
             "For #pragma apsp regions: fw:t,TM,TN,l (tile t, TM x TN "
             "elements per thread, l tiles per block)"),
    cl::value_desc("naive|W,H,D,T[,P[,C]]|fw:t,TM,TN,l"), cl::cat(Category));
static cl::opt<bool>
    DumpParams("dump-params",
               cl::desc("Print each region's mapping, in --params syntax"),
               cl::cat(Category));
static cl::opt<bool>
    Explain("explain",
            cl::desc("Print how each region's parameters were chosen (every "
                     "step of the search) and the predicted run time"),
            cl::cat(Category));
static cl::opt<tilec::FPModel>
    FPModelOpt("fp-model", cl::desc("Floating-point model (default: strict)"),
               cl::values(clEnumValN(tilec::FPModel::Strict, "strict",
                                     "same results as the serial program"),
                          clEnumValN(tilec::FPModel::Fast, "fast",
                                     "allow contraction and relaxed math")),
               cl::init(tilec::FPModel::Strict), cl::cat(Category));

static cl::opt<std::string> AssumeOpt(
    "assume",
    cl::desc("Sizes that parameter selection assumes for extents and step "
             "counts known only at run time, by the names the data clause "
             "and step directive use; 'steps' stands for any step count "
             "(default: 16M points in 1D, 4096^2 in 2D, 256^3 in 3D, 100 "
             "steps). The emitted code is correct for every size."),
    cl::value_desc("name=value,..."), cl::cat(Category));

static void printVersion(raw_ostream &OS) {
  OS << "tilec " TILEC_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
}

static std::string shippedProfiles(const std::string &Dir) {
  std::string Names;
  std::error_code EC;
  std::vector<std::string> Found;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (sys::path::extension(It->path()) == ".json")
      Found.push_back(sys::path::stem(It->path()).str());
  std::sort(Found.begin(), Found.end());
  for (const std::string &N : Found)
    Names += (Names.empty() ? "" : ", ") + N;
  return Names;
}

/// "step-count, unused-array, ..." or with `Prefix` "-Wtilec-step-count, ...".
static std::string warningNames(const std::string &Prefix = "") {
  std::string Names;
  for (const std::string &N : tilec::tilecWarningNames())
    Names += (Names.empty() ? "" : ", ") + Prefix + N;
  return Names;
}

static int fail(const Twine &Message) {
  WithColor::error(errs(), "tilec") << Message << "\n";
  return 1;
}

int main(int Argc, const char **Argv) {
  tilec::ToolPaths Paths =
      tilec::findToolPaths(Argv[0], reinterpret_cast<void *>(&main));

  // A C compiler's flags (-DNX=64, -I inc, -std=c99, -Wall) may come
  // among tilec's own or after `--`; tilec's own options start with `--`
  // (or are -o).
  std::vector<const char *> Own;
  std::vector<std::string> CompilerArgs;
  int I = 0;
  for (; I < Argc && std::string(Argv[I]) != "--"; ++I) {
    std::string Arg = Argv[I];
    if (I == 0 || Arg.rfind("-o", 0) == 0 || Arg.rfind("--", 0) == 0 ||
        !tilec::isCompilerFlag(Arg)) {
      Own.push_back(Argv[I]);
      continue;
    }
    CompilerArgs.push_back(Arg);
    if (tilec::takesSeparateValue(Arg) && I + 1 < Argc)
      CompilerArgs.push_back(Argv[++I]);
  }
  for (++I; I < Argc; ++I)
    CompilerArgs.push_back(Argv[I]);

  std::string Epilogue =
      "\nC compiler flags (-DNX=64, -I include, -std=c99, -W...) may be given\n"
      "directly or after `--`; those that change what the file means reach\n"
      "tilec's parse. -Wno-tilec-NAME, -Werror=tilec-NAME, -Werror and -w\n"
      "control tilec's warnings (NAME: " +
      warningNames() +
      ").\n"
      "Shipped device profiles: " +
      shippedProfiles(Paths.ProfileDir) +
      "\nExamples:\n"
      "  tilec --target=opencl -o out heat3d.c -DNX=128\n"
      "  tilec --target=opencl -o heat3d_gpu.c heat3d.c\n"
      "  tilec --target=cuda --device=h200 -o out heat3d.c\n"
      "  tilec --dump-ir heat3d.c\n"
      "  tilec --assume=nx=8192,ny=8192,steps=100 -o out heat2d-argv.c\n"
      "  tilec --params=64,4,1,2 --dump-params -o out heat2d.c\n"
      "  tilec --target=cuda --explain --params=fw:64,8,8,2 -o out apsp.c\n";
  cl::extrahelp Help(Epilogue.c_str());
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      Own.size(), Own.data(),
      "tilec: translate C stencil loops annotated with #pragma stencil into "
      "OpenCL or CUDA programs\n");

  if (InputFile.empty())
    return fail("no input file; see tilec --help");
  if (!sys::fs::exists(InputFile))
    return fail("no such file: '" + InputFile + "'");
  if (OutputPath.empty() && !DumpIR && !DumpIRAfterAll && !DumpParams &&
      !Explain)
    return fail("no output; use -o DIR or -o NAME.c (or --dump-ir, "
                "--dump-params or --explain to only print)");
  tilec::OutputLocation Output;
  std::string OutputError;
  if (!OutputPath.empty() &&
      !tilec::resolveOutputLocation(OutputPath, Output, OutputError))
    return fail(OutputError);

  tilec::TranslatorOptions Options;
  Options.TargetKind = TargetOpt;
  Options.FP = FPModelOpt;
  Options.DumpIR = DumpIR;
  Options.DumpIRAfterAll = DumpIRAfterAll;
  Options.DumpParams = DumpParams;
  Options.Explain = Explain;
  Options.Pipeline.ForceNaive = ParamsOpt == "naive";
  Options.ParamsText = ParamsOpt;
  if (StringRef(ParamsOpt).starts_with("fw:")) {
    Expected<tilec::ir::FwParams> FW = tilec::parseFwParams(ParamsOpt);
    if (!FW)
      return fail(toString(FW.takeError()));
    Options.Apsp.Override = *FW;
  } else if (!ParamsOpt.empty() && ParamsOpt != "naive") {
    Expected<tilec::ParameterVector> PV =
        tilec::parseParameterVector(ParamsOpt);
    if (!PV)
      return fail(toString(PV.takeError()));
    Options.Pipeline.Params = *PV;
  }
  if (!AssumeOpt.empty()) {
    std::string Error;
    if (!tilec::ir::parseAssumptions(AssumeOpt, Options.Sizes, Error))
      return fail(Error);
  }
  std::vector<std::string> UnknownWarnings;
  Options.Warnings =
      tilec::WarningPolicy::fromArguments(CompilerArgs, UnknownWarnings);
  for (const std::string &Flag : UnknownWarnings)
    WithColor::warning(errs(), "tilec")
        << "unknown warning option '" << Flag
        << "'; tilec's warnings: " << warningNames("-Wtilec-") << "\n";
  Options.ClangArgs = tilec::flagsForParsing(CompilerArgs);
  Options.InputDisplayName = InputFile;
  Options.OutputStem = Output.Stem;
  if (!OutputPath.empty()) {
    SmallString<256> MainOutput(Output.Directory);
    sys::path::append(
        MainOutput,
        (Output.Stem.empty() ? sys::path::stem(InputFile).str() : Output.Stem) +
            ".c");
    sys::path::remove_dots(MainOutput);
    Options.OutputDisplayName = MainOutput.str().str();
  }
  Options.ResourceDir = Paths.ClangResourceDir;
  std::string Device = DeviceOpt;
  if (Device.empty())
    Device = TargetOpt == tilec::Target::CUDA ? "h100-sxm" : "pocl";
  Expected<tilec::DeviceProfile> Profile =
      tilec::loadDeviceProfile(Device, Paths.ProfileDir);
  if (!Profile)
    return fail(toString(Profile.takeError()));
  Options.Device = std::move(*Profile);
  Options.Pipeline.LocalMemory = tilec::localMemoryLimits(
      Options.Device, TargetOpt == tilec::Target::CUDA);
  Options.Pipeline.Target = tilec::targetTraits(TargetOpt, Options.Device);
  Options.Apsp.LocalMemoryLimit = Options.Pipeline.LocalMemory.Static;
  const tilec::TargetTraits &Traits = Options.Pipeline.Target;
  if (Traits.StatesRegisterCaps && Traits.knowsCudaRegisters())
    Options.Apsp.MaxRegistersPerThread = Traits.CudaMaxRegistersPerThread;
  Options.Apsp.Explain = Explain;
  Options.Apsp.DumpIR = DumpIR || DumpIRAfterAll;
  Options.Apsp.DumpParams = DumpParams;

  tilec::TranslationResult Result;
  if (!tilec::translateFile(InputFile, Options, Result))
    return 1;
  if (OutputPath.empty())
    return 0;
  std::string Error;
  std::vector<std::string> Inputs = {InputFile, Options.Device.Path};
  if (!tilec::writeOutputs(Result.Files, Output.Directory, Inputs, Force,
                           Error))
    return fail(Error);
  return 0;
}
