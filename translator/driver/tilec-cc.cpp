//===- tilec-cc.cpp - Translate and compile in one step -------------------===//
//
//   tilec-cc --target=opencl|cuda [--device=NAME] foo.c -o foo [-- args]
//
// Like mpicc: runs tilec into a temporary directory, then the system C
// compiler (OpenCL: with the ICD loader and the tilec runtime) or nvcc
// (CUDA: -arch from the device profile). Arguments after `--` go to both
// steps, so -DNX=64 reaches the translation and the compilation alike.
//
//===----------------------------------------------------------------------===//
#include "driver/ToolPaths.h"
#include "tuning/DeviceProfile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

const char *Usage =
    "usage: tilec-cc [--target=opencl|cuda] [--device=NAME|profile.json]\n"
    "                [--fp-model=strict|fast] [--params=naive|W,H,D,T]\n"
    "                [--keep] [--verbose]\n"
    "                foo.c -o OUTPUT [-- compiler and clang arguments]\n"
    "\n"
    "Translates foo.c with tilec and compiles the result into OUTPUT:\n"
    "  opencl: $CC (default cc) with the tilec OpenCL runtime and -lOpenCL\n"
    "  cuda:   $NVCC (default nvcc, or /usr/local/cuda/bin/nvcc) with\n"
    "          -arch from the device profile\n"
    "Arguments after `--` go to both tilec's parser and the compiler\n"
    "(-DNX=64, -I dir, -O3). --keep keeps the translated files and prints\n"
    "where they are; --verbose prints each command.\n";

int fail(const Twine &Message) {
  WithColor::error(errs(), "tilec-cc") << Message << "\n";
  return 1;
}

struct Arguments {
  std::string Target = "opencl";
  std::string Device;
  std::string FPModel = "strict";
  std::vector<std::string> TranslatorFlags; ///< --params=
  std::string Input, Output;
  bool Keep = false, Verbose = false;
  std::vector<std::string> Extra;
};

std::optional<Arguments> parse(int Argc, const char **Argv) {
  Arguments A;
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (Arg == "--") {
      for (++I; I < Argc; ++I)
        A.Extra.push_back(Argv[I]);
      break;
    }
    if (Arg.consume_front("--target="))
      A.Target = Arg.str();
    else if (Arg.consume_front("--device="))
      A.Device = Arg.str();
    else if (Arg.consume_front("--fp-model="))
      A.FPModel = Arg.str();
    else if (Arg.starts_with("--params="))
      A.TranslatorFlags.push_back(Arg.str());
    else if (Arg == "--keep")
      A.Keep = true;
    else if (Arg == "--verbose" || Arg == "-v")
      A.Verbose = true;
    else if (Arg == "-o" && I + 1 < Argc)
      A.Output = Argv[++I];
    else if (Arg.starts_with("-o") && Arg.size() > 2)
      A.Output = Arg.drop_front(2).str();
    else if (Arg == "--help" || Arg == "-h") {
      outs() << Usage;
      std::exit(0);
    } else if (Arg.starts_with("-")) {
      fail("unknown option '" + Arg +
           "' (options for the compiler go after "
           "`--`)");
      return std::nullopt;
    } else if (A.Input.empty())
      A.Input = Arg.str();
    else {
      fail("more than one input file ('" + A.Input + "', '" + Arg + "')");
      return std::nullopt;
    }
  }
  if (A.Input.empty() || A.Output.empty()) {
    errs() << Usage;
    return std::nullopt;
  }
  if (A.Target != "opencl" && A.Target != "cuda") {
    fail("--target must be opencl or cuda, not '" + A.Target + "'");
    return std::nullopt;
  }
  if (A.Device.empty())
    A.Device = A.Target == "cuda" ? "h100-sxm" : "pocl";
  return A;
}

/// Runs a command, echoing it with --verbose. Returns its exit status.
int run(const std::string &Program, const std::vector<std::string> &Args,
        bool Verbose) {
  std::vector<StringRef> Refs;
  for (const std::string &A : Args)
    Refs.push_back(A);
  if (Verbose) {
    for (const std::string &A : Args)
      errs() << A << " ";
    errs() << "\n";
  }
  std::string Error;
  int Status =
      sys::ExecuteAndWait(Program, Refs, std::nullopt, {}, 0, 0, &Error);
  if (Status < 0)
    fail("cannot run " + Program + ": " + Error);
  return Status;
}

std::string findProgram(const char *EnvVar, const std::string &Default,
                        const std::vector<StringRef> &Hints) {
  std::string Name = Default;
  if (const char *Value = std::getenv(EnvVar); Value && *Value)
    Name = Value;
  if (ErrorOr<std::string> Found = sys::findProgramByName(Name))
    return *Found;
  if (ErrorOr<std::string> Found = sys::findProgramByName(Name, Hints))
    return *Found;
  return "";
}

} // namespace

int main(int Argc, const char **Argv) {
  std::optional<Arguments> Args = parse(Argc, Argv);
  if (!Args)
    return 1;
  tilec::ToolPaths Paths =
      tilec::findToolPaths(Argv[0], reinterpret_cast<void *>(&main));
  Expected<tilec::DeviceProfile> Profile =
      tilec::loadDeviceProfile(Args->Device, Paths.ProfileDir);
  if (!Profile)
    return fail(toString(Profile.takeError()));

  SmallString<128> WorkDir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("tilec-cc", WorkDir))
    return fail("cannot create a temporary directory: " + EC.message());

  SmallString<256> Tilec(Paths.BinDir);
  sys::path::append(Tilec, "tilec");
  std::vector<std::string> Translate = {Tilec.str().str(),
                                        "--target=" + Args->Target,
                                        "--device=" + Profile->Path,
                                        "--fp-model=" + Args->FPModel,
                                        "-o",
                                        WorkDir.str().str(),
                                        Args->Input,
                                        "--"};
  Translate.insert(Translate.end(), Args->Extra.begin(), Args->Extra.end());
  int Status = run(Translate[0], Translate, Args->Verbose);

  std::string Stem = sys::path::stem(Args->Input).str();
  // The translated file is compiled from the temporary directory; quoted
  // includes must still find the headers next to the input.
  SmallString<256> InputDir(Args->Input);
  sys::fs::make_absolute(InputDir);
  sys::path::remove_filename(InputDir);
  std::string IncludeInputDir = "-I" + InputDir.str().str();
  SmallString<256> Translated(WorkDir);
  sys::path::append(Translated, Stem + (Args->Target == "cuda" ? ".cu" : ".c"));
  std::vector<std::string> Compile;
  if (Status == 0 && Args->Target == "opencl") {
    std::string CC = findProgram("CC", "cc", {});
    if (CC.empty())
      return fail("no C compiler found (set CC)");
    Compile = {CC, "-O2", Translated.str().str(), IncludeInputDir,
               "-I" + Paths.RuntimeInclude};
    Compile.insert(Compile.end(), Args->Extra.begin(), Args->Extra.end());
    Compile.insert(Compile.end(),
                   {Paths.RuntimeLibDir + "/libtilec_rt_opencl.a", "-lOpenCL",
                    "-lm", "-o", Args->Output});
  } else if (Status == 0) {
    std::string NVCC = findProgram("NVCC", "nvcc", {"/usr/local/cuda/bin"});
    if (NVCC.empty())
      return fail("nvcc not found (set NVCC or install the CUDA toolkit in "
                  "/usr/local/cuda)");
    std::string Library = Paths.RuntimeLibDir + "/libtilec_rt_cuda.a";
    if (!sys::fs::exists(Library))
      return fail("the CUDA runtime " + Library +
                  " was not built (no CUDA toolkit when tilec was built)");
    std::string Arch = Profile->CudaArch.empty() ? "sm_90" : Profile->CudaArch;
    Compile = {NVCC,
               "-O2",
               "-arch=" + Arch,
               Translated.str().str(),
               IncludeInputDir,
               "-I" + Paths.RuntimeInclude};
    if (Args->FPModel == "strict")
      Compile.push_back("-fmad=false");
    Compile.insert(Compile.end(), Args->Extra.begin(), Args->Extra.end());
    Compile.insert(Compile.end(), {Library, "-o", Args->Output});
  }
  if (!Compile.empty())
    Status = run(Compile[0], Compile, Args->Verbose);

  if (Args->Keep)
    errs() << "tilec-cc: translated files kept in " << WorkDir << "\n";
  else
    sys::fs::remove_directories(WorkDir);
  return Status == 0 ? 0 : 1;
}
