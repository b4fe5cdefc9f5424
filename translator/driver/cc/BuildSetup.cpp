//===- BuildSetup.cpp - What a tilec-cc build needs, found first ----------===//
#include "driver/cc/BuildSetup.h"

#include "driver/cc/Outputs.h"
#include "target/DeviceProfile.h"
#include "target/TargetTraits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace tilec::cc {

static Error setupError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// The value of an option given as `-Lx` or `-L x`.
static std::string valueOf(const Argument &A, StringRef Option) {
  return A.Words.size() == 2
             ? A.Words[1]
             : StringRef(A.Words[0]).drop_front(Option.size()).str();
}

/// The libraries `-lNAME` names, as the linker finds them in the user's -L
/// directories (a library of the system never calls the tilec runtime).
static std::vector<std::string> userLibraries(const CompilerArguments &Args) {
  std::vector<std::string> Dirs, Found;
  bool Static = false;
  for (const Argument &A : Args.Args) {
    StringRef W = A.Words[0];
    Static |= W == "-static";
    if (W.starts_with("-L"))
      Dirs.push_back(valueOf(A, "-L"));
  }
  for (const Argument &A : Args.Args) {
    if (!StringRef(A.Words[0]).starts_with("-l"))
      continue;
    std::string Name = valueOf(A, "-l");
    std::vector<std::string> Files;
    if (StringRef(Name).starts_with(":"))
      Files = {Name.substr(1)};
    else if (Static)
      Files = {"lib" + Name + ".a"};
    else
      Files = {"lib" + Name + ".so", "lib" + Name + ".a"};
    for (const std::string &Dir : Dirs) {
      auto Hit = find_if(Files, [&](const std::string &F) {
        return sys::fs::exists(Dir + "/" + F);
      });
      if (Hit != Files.end()) {
        Found.push_back(Dir + "/" + *Hit);
        break;
      }
    }
  }
  return Found;
}

Expected<BuildSetup> prepareBuild(const CompilerArguments &Args,
                                  const ToolPaths &Paths, ToolCommand CC,
                                  const std::string &WorkDir) {
  BuildSetup S;
  S.Args = &Args;
  S.CC = std::move(CC);
  S.WorkDir = WorkDir;
  S.RuntimeInclude = Paths.RuntimeInclude;
  S.RuntimeLibDir = Paths.RuntimeLibDir;
  S.Tilec = Paths.BinDir + "/tilec";
  bool Cuda = Args.Tilec.Target == "cuda";

  // -E, -S and their kind show the user's file as written.
  std::vector<size_t> Compiled;
  for (size_t I : Args.inputs()) {
    const Argument &A = Args.Args[I];
    if (isCompiledInput(A))
      Compiled.push_back(I);
    if (Args.Mode != Stage::PassThrough && isCSource(A) &&
        containsRegion(A.path()))
      S.Translated.push_back(I);
  }
  if (Args.Mode == Stage::Compile && Args.OutputPath && Compiled.size() > 1 &&
      !S.Translated.empty())
    return setupError("cannot specify '-o' with '-c' and several source "
                      "files");

  // The files the link reads that were compiled before: do they call the
  // runtime?
  if (Args.Mode == Stage::Link) {
    for (size_t I : Args.inputs())
      if (!is_contained(Compiled, I) && Args.Args[I].path() != "-")
        S.Linked |= runtimeUse(Args.Args[I].path());
    for (const std::string &Library : userLibraries(Args))
      S.Linked |= runtimeUse(Library);
  }

  std::vector<std::string> Inputs;
  for (size_t I : Args.inputs())
    if (Args.Args[I].path() != "-")
      Inputs.push_back(Args.Args[I].path());
  for (const Argument &A : Args.Args)
    if (A.Words.size() == 2 &&
        (A.Words[0] == "-include" || A.Words[0] == "-imacros"))
      Inputs.push_back(A.Words[1]);

  if (!S.Translated.empty()) {
    std::string Device = Args.Tilec.Device.empty()
                             ? (Cuda ? "h100-sxm" : "pocl")
                             : Args.Tilec.Device;
    Expected<DeviceProfile> Profile =
        loadDeviceProfile(Device, Paths.ProfileDir);
    if (!Profile)
      return Profile.takeError();
    S.ProfilePath = Profile->Path;
    S.CudaArch = cudaArch(*Profile);
    Inputs.push_back(S.ProfilePath);
    // The compiler command's own flags (CC="gcc -std=c99") and an MPI
    // wrapper's include directories shape the program tilec must parse.
    S.TranslatorExtra =
        translatorFlags(ArrayRef<std::string>(S.CC.Words).drop_front());
    S.PartialLinker = S.CC;
    if (std::optional<MpiWrapper> MPI = askMpiWrapper(S.CC)) {
      append_range(S.TranslatorExtra, MPI->CompileFlags);
      S.PartialLinker = MPI->Compiler;
    }
  }
  if (Error E = checkNotInputs(commandOutputs(Args), Inputs))
    return E;

  bool TranslatesCuda = Cuda && !S.Translated.empty();
  bool LinksCuda =
      Args.Mode == Stage::Link && (TranslatesCuda || S.Linked.CUDA);
  if (TranslatesCuda || LinksCuda) {
    Expected<ToolCommand> NVCC = findNvcc();
    if (!NVCC)
      return NVCC.takeError();
    S.NVCC = std::move(*NVCC);
    std::string Library = S.RuntimeLibDir + "/libtilec_rt_cuda.a";
    if (!sys::fs::exists(Library))
      return setupError("the CUDA runtime " + Library +
                        " was not built (no CUDA toolkit when tilec was "
                        "built)");
  }
  if (LinksCuda) {
    S.Cudart = findCudaRuntime(*S.NVCC);
    if (!S.Cudart)
      return setupError("the CUDA runtime library (libcudart_static.a or "
                        "libcudart.so) of " +
                        S.NVCC->Words[0] +
                        " was not found (looked where `nvcc -dryrun` links "
                        "from, then in lib64, lib and targets/*/lib next to "
                        "nvcc)");
  }
  return S;
}

} // namespace tilec::cc
