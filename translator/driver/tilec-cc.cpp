//===- tilec-cc.cpp - Translate and compile in one step -------------------===//
//
//   tilec-cc --target=opencl|cuda [--device=NAME] foo.c -o foo [-- args]
//
// Like mpicc: runs tilec into a temporary directory, then builds what it
// wrote. OpenCL: the system C compiler, with the ICD loader and the tilec
// runtime. CUDA: the C compiler for foo.c, nvcc (-arch from the device
// profile) for foo_tilec.cu, and the C compiler again to link them with the
// tilec CUDA runtime and the CUDA runtime library. Arguments after `--` go
// to tilec and to every C compiler step (so -DNX=64 and -std=c99 reach the
// translation and the user's C alike), never to nvcc; --nvcc-arg passes
// arguments to nvcc.
//
//===----------------------------------------------------------------------===//
#include "driver/ToolPaths.h"
#include "tuning/DeviceProfile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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
    "                [--fp-model=strict|fast] "
    "[--params=naive|W,H,D,T[,P[,C]]]\n"
    "                [--nvcc-arg=ARG]... [--keep] [--verbose]\n"
    "                foo.c -o OUTPUT [-- compiler and clang arguments]\n"
    "\n"
    "Translates foo.c with tilec and compiles the result into OUTPUT:\n"
    "  opencl: foo.c with $CC (default cc), the tilec OpenCL runtime and\n"
    "          -lOpenCL\n"
    "  cuda:   foo.c with $CC; foo_tilec.cu with $NVCC (default nvcc, or\n"
    "          /usr/local/cuda/bin/nvcc) and -arch from the device profile;\n"
    "          linked by $CC with the tilec CUDA runtime and cudart\n"
    "Arguments after `--` go to tilec's parser and to the C compiler\n"
    "(-DNX=64, -I dir, -O3, -std=c99, -Wall), not to nvcc; --nvcc-arg=ARG\n"
    "adds ARG to the nvcc command. --keep keeps the translated files and\n"
    "prints where they are; --verbose prints each command.\n";

int fail(const Twine &Message) {
  WithColor::error(errs(), "tilec-cc") << Message << "\n";
  return 1;
}

struct Arguments {
  std::string Target = "opencl";
  std::string Device;
  std::string FPModel = "strict";
  std::vector<std::string> TranslatorFlags; ///< --params=
  std::vector<std::string> NvccArgs;        ///< --nvcc-arg=
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
    else if (Arg.consume_front("--nvcc-arg="))
      A.NvccArgs.push_back(Arg.str());
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

/// How to link the CUDA runtime of the toolkit that nvcc belongs to.
struct CudaRuntimeLibrary {
  std::string Dir;
  bool Static; ///< libcudart_static.a; otherwise libcudart.so
};

/// The library directories nvcc itself links from, read off the `#$
/// LIBRARIES=` line of `nvcc -dryrun`. This is the one answer that holds
/// when nvcc is a wrapper script (`exec /opt/cuda/bin/nvcc "$@"`) rather
/// than the toolkit's binary or a symlink to it.
std::vector<std::string> nvccLibraryDirs(const std::string &NVCC,
                                         StringRef WorkDir) {
  SmallString<256> Log(WorkDir);
  sys::path::append(Log, "nvcc-dryrun.txt");
  std::optional<StringRef> Redirects[] = {StringRef(""), Log.str(), Log.str()};
  StringRef Argv[] = {NVCC,        "-dryrun", "-x",       "cu",
                      "/dev/null", "-o",      "/dev/null"};
  if (sys::ExecuteAndWait(NVCC, Argv, std::nullopt, Redirects) != 0)
    return {};
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Log);
  if (!Text)
    return {};
  std::vector<std::string> Dirs;
  SmallVector<StringRef> Lines;
  (*Text)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (!Line.consume_front("#$ LIBRARIES="))
      continue;
    SmallVector<StringRef> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef Word : Words) {
      Word = Word.trim('"');
      if (Word.consume_front("-L") && !Word.ends_with("/stubs"))
        Dirs.push_back(Word.str());
    }
  }
  return Dirs;
}

/// Finds the CUDA runtime library of the toolkit \p NVCC belongs to,
/// preferring the static one so that the program runs without
/// LD_LIBRARY_PATH. nvcc's own library directories come first; then the
/// layouts toolkits use next to nvcc or the file it links to (lib64, lib,
/// targets/<triple>/lib).
std::optional<CudaRuntimeLibrary> findCudaRuntime(const std::string &NVCC,
                                                  StringRef WorkDir) {
  std::vector<std::string> Candidates = nvccLibraryDirs(NVCC, WorkDir);
  SmallString<256> RealNVCC;
  if (sys::fs::real_path(NVCC, RealNVCC))
    RealNVCC = NVCC;
  for (StringRef Binary : {StringRef(NVCC), RealNVCC.str()}) {
    std::string Root =
        sys::path::parent_path(sys::path::parent_path(Binary)).str();
    Candidates.insert(Candidates.end(), {Root + "/lib64", Root + "/lib"});
    std::error_code EC;
    for (sys::fs::directory_iterator It(Root + "/targets", EC), End;
         !EC && It != End; It.increment(EC))
      Candidates.push_back(It->path() + "/lib");
  }
  for (bool Static : {true, false})
    for (const std::string &Dir : Candidates)
      if (sys::fs::exists(Dir +
                          (Static ? "/libcudart_static.a" : "/libcudart.so")))
        return CudaRuntimeLibrary{Dir, Static};
  return std::nullopt;
}

/// What the build steps share: the translated files, the flags from the
/// command line and where the tilec runtime lives.
struct Build {
  const Arguments &Args;
  const tilec::ToolPaths &Paths;
  const tilec::DeviceProfile &Profile;
  std::string WorkDir, Stem, IncludeInputDir;

  std::string translated(const std::string &Suffix) const {
    SmallString<256> Path(WorkDir);
    sys::path::append(Path, Stem + Suffix);
    return Path.str().str();
  }
  std::string findCC() const { return findProgram("CC", "cc", {}); }

  /// `$CC -O2 -c foo.c -I<input dir> -I<runtime> [args after --]`.
  int compileC(const std::string &CC, const std::string &Object) const {
    std::vector<std::string> Compile = {CC,
                                        "-O2",
                                        "-c",
                                        translated(".c"),
                                        IncludeInputDir,
                                        "-I" + Paths.RuntimeInclude};
    Compile.insert(Compile.end(), Args.Extra.begin(), Args.Extra.end());
    Compile.insert(Compile.end(), {"-o", Object});
    return run(CC, Compile, Args.Verbose);
  }

  int openCL() const {
    std::string CC = findCC();
    if (CC.empty())
      return fail("no C compiler found (set CC)");
    std::string Object = translated(".o");
    if (int Status = compileC(CC, Object))
      return Status;
    std::vector<std::string> Link = {CC, Object};
    Link.insert(Link.end(), Args.Extra.begin(), Args.Extra.end());
    Link.insert(Link.end(), {Paths.RuntimeLibDir + "/libtilec_rt_opencl.a",
                             "-lOpenCL", "-lm", "-o", Args.Output});
    return run(CC, Link, Args.Verbose);
  }

  int cuda() const {
    std::string CC = findCC();
    if (CC.empty())
      return fail("no C compiler found (set CC)");
    std::string NVCC = findProgram("NVCC", "nvcc", {"/usr/local/cuda/bin"});
    if (NVCC.empty())
      return fail("nvcc not found (set NVCC or install the CUDA toolkit in "
                  "/usr/local/cuda)");
    std::string Library = Paths.RuntimeLibDir + "/libtilec_rt_cuda.a";
    if (!sys::fs::exists(Library))
      return fail("the CUDA runtime " + Library +
                  " was not built (no CUDA toolkit when tilec was built)");
    std::string Object = translated(".o");
    if (int Status = compileC(CC, Object))
      return Status;

    std::string Arch = Profile.CudaArch.empty() ? "sm_90" : Profile.CudaArch;
    std::string DeviceObject = translated("_tilec.o");
    std::vector<std::string> Compile = {NVCC,
                                        "-O3",
                                        "-arch=" + Arch,
                                        "-c",
                                        translated("_tilec.cu"),
                                        "-I" + Paths.RuntimeInclude};
    if (Args.FPModel == "strict")
      Compile.push_back("-fmad=false");
    Compile.insert(Compile.end(), Args.NvccArgs.begin(), Args.NvccArgs.end());
    Compile.insert(Compile.end(), {"-o", DeviceObject});
    if (int Status = run(NVCC, Compile, Args.Verbose))
      return Status;

    // nvcc's host objects need the C++ runtime; cudart comes from the
    // toolkit nvcc belongs to.
    std::optional<CudaRuntimeLibrary> Cudart = findCudaRuntime(NVCC, WorkDir);
    if (!Cudart)
      return fail("the CUDA runtime library (libcudart_static.a or "
                  "libcudart.so) of " +
                  NVCC +
                  " was not found (looked where `nvcc -dryrun` links from, "
                  "then in lib64, lib and targets/*/lib next to nvcc)");
    std::vector<std::string> Link = {CC, Object, DeviceObject};
    Link.insert(Link.end(), Args.Extra.begin(), Args.Extra.end());
    Link.insert(Link.end(), {Library, "-L" + Cudart->Dir});
    if (Cudart->Static)
      Link.push_back("-lcudart_static");
    else
      Link.insert(Link.end(), {"-lcudart", "-Wl,-rpath," + Cudart->Dir});
    Link.insert(Link.end(), {"-ldl", "-lrt", "-lpthread", "-lstdc++", "-lm",
                             "-o", Args.Output});
    return run(CC, Link, Args.Verbose);
  }
};

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
  std::vector<std::string> Translate = {
      Tilec.str().str(), "--target=" + Args->Target,
      "--device=" + Profile->Path, "--fp-model=" + Args->FPModel};
  Translate.insert(Translate.end(), Args->TranslatorFlags.begin(),
                   Args->TranslatorFlags.end());
  Translate.insert(Translate.end(),
                   {"-o", WorkDir.str().str(), Args->Input, "--"});
  Translate.insert(Translate.end(), Args->Extra.begin(), Args->Extra.end());
  int Status = run(Translate[0], Translate, Args->Verbose);

  // The translated files are compiled from the temporary directory; quoted
  // includes must still find the headers next to the input.
  SmallString<256> InputDir(Args->Input);
  sys::fs::make_absolute(InputDir);
  sys::path::remove_filename(InputDir);
  Build B{*Args,
          Paths,
          *Profile,
          WorkDir.str().str(),
          sys::path::stem(Args->Input).str(),
          "-I" + InputDir.str().str()};
  if (Status == 0)
    Status = Args->Target == "cuda" ? B.cuda() : B.openCL();

  if (Args->Keep)
    errs() << "tilec-cc: translated files kept in " << WorkDir << "\n";
  else
    sys::fs::remove_directories(WorkDir);
  return Status == 0 ? 0 : 1;
}
