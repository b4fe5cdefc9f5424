//===- tilec-cc.cpp - A C compiler that translates stencil regions --------===//
//
//   tilec-cc [tilec options] [C compiler arguments]
//
// Stands in for cc, as mpicc does: `CC=tilec-cc make` builds an existing
// project. Sources that hold a `#pragma stencil` or `#pragma apsp` region
// are translated by tilec and compiled (OpenCL: the C compiler; CUDA: the C
// compiler and nvcc); everything else goes to the C compiler unchanged, and
// the tilec runtime is linked into programs that call it. The pieces live
// in driver/cc/.
//
//===----------------------------------------------------------------------===//
#include "driver/ToolPaths.h"
#include "driver/cc/BuildPlan.h"
#include "driver/cc/BuildSetup.h"
#include "driver/cc/CompilerArguments.h"
#include "driver/cc/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace tilec::cc;

static const char *const Usage =
    "usage: tilec-cc [--target=opencl|cuda] [--device=NAME|profile.json]\n"
    "                [--fp-model=strict|fast] [--params=...] [--assume=...]\n"
    "                [--explain] [--dump-params] [--nvcc-arg=ARG]... "
    "[--keep]\n"
    "                [-v|--verbose] [--dry-run|-show] [C compiler arguments]\n"
    "                [-- arguments for tilec's parser and the C compiler]\n"
    "\n"
    "A C compiler that translates stencil regions, like mpicc: use it as CC\n"
    "(CC=tilec-cc make, cmake -DCMAKE_C_COMPILER=tilec-cc). Each .c source\n"
    "with a '#pragma stencil' or '#pragma apsp' line is translated by tilec\n"
    "and compiled; every other input goes to the C compiler unchanged.\n"
    "Without -c it links like cc, adding the tilec runtime when a translated\n"
    "source or an object being linked calls it.\n"
    "\n"
    "tilec-cc's options:\n"
    "  --target=opencl|cuda   code to emit (default opencl); cuda: the C\n"
    "                         compiler builds your file, nvcc the kernels,\n"
    "                         and -c writes one object holding both\n"
    "  --device=NAME|FILE     device profile (default pocl, cuda: h100-sxm)\n"
    "  --fp-model=, --params=, --assume=, --explain, --dump-params\n"
    "                         passed to tilec (see tilec --help)\n"
    "  --nvcc-arg=ARG         add ARG to the nvcc command (repeatable)\n"
    "  --keep                 keep the translated files, print where\n"
    "  --verbose              print each command, then run it\n"
    "  -v                     the same, and the C compiler gets -v too;\n"
    "                         alone, the C compiler's -v\n"
    "  --dry-run, -show, -### print the commands, run and write nothing\n"
    "  --version              tilec-cc's version and the C compiler's\n"
    "  --help                 this text\n"
    "\n"
    "C compiler arguments, as cc takes them: -c, -o FILE, -D, -U, -I,\n"
    "-include FILE, -isystem DIR, -std=, -O, -g, -W..., -w, -pedantic,\n"
    "-f... and -m... flags, -pthread, -x LANG, -l, -L, -Wl,..., any number\n"
    "of .c sources and .o, .a, .so inputs. -E, -S and -fsyntax-only run the\n"
    "C compiler alone, on your file as written. Preprocessor, language and\n"
    "warning flags also reach tilec's parser; -Wtilec-NAME, -Wno-tilec-NAME,\n"
    "-Werror=tilec-NAME and -Wno-error=tilec-NAME reach tilec only.\n"
    "-MD, -MMD, -MF FILE, -MT, -MQ and -MP write make dependencies for\n"
    "translated sources too: your source, your headers and the device\n"
    "profile. No output may be one of the inputs.\n"
    "\n"
    "Environment: TILEC_CC, else CC (unless it is tilec-cc), else cc: the C\n"
    "compiler, a command with arguments ('ccache gcc', mpicc); NVCC, else\n"
    "nvcc on PATH or in /usr/local/cuda/bin.\n";

static int fail(const Twine &Message) {
  WithColor::error(errs(), "tilec-cc") << Message << "\n";
  return 1;
}

int main(int Argc, const char **Argv) {
  std::vector<std::string> Words(Argv + 1, Argv + Argc);
  Expected<CompilerArguments> Parsed = parseCompilerArguments(Words);
  if (!Parsed)
    return fail(toString(Parsed.takeError()));
  CompilerArguments &Args = *Parsed;
  const TilecOptions &Own = Args.Tilec;
  if (Own.Help) {
    outs() << Usage;
    return 0;
  }
  if (Args.Empty) {
    errs() << Usage;
    return 1;
  }

  void *MainAddress = reinterpret_cast<void *>(&main);
  tilec::ToolPaths Paths = tilec::findToolPaths(Argv[0], MainAddress);
  std::string Self = sys::fs::getMainExecutable(Argv[0], MainAddress);
  Expected<ToolCommand> CC = findCCompiler(Self);
  if (Own.Version) {
    outs() << "tilec-cc " TILEC_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
    if (!CC)
      return fail(toString(CC.takeError()));
    outs() << "C compiler: " << shellCommand(CC->Words) << "\n";
    outs().flush();
    Step Query{CC->with({"--version"}), "", nullptr};
    return runSteps(Query, false, Own.DryRun, outs());
  }
  if (!CC)
    return fail(toString(CC.takeError()));

  // No input: -v, -dumpversion, -print-search-dirs and the like ask the C
  // compiler, and the build systems that ask mean its answer.
  if (!Args.hasInputs()) {
    std::vector<std::string> Rest;
    for (const Argument &A : Args.Args)
      Rest.insert(Rest.end(), A.Words.begin(), A.Words.end());
    Rest.insert(Rest.end(), Args.AfterDashDash.begin(),
                Args.AfterDashDash.end());
    Step Query{CC->with(forCompiler(Rest)), "", nullptr};
    return runSteps(Query, Own.Verbose, Own.DryRun,
                    Own.DryRun ? outs() : errs());
  }

  // The work directory is named now and made only for a real run: a dry
  // run writes nothing.
  SmallString<128> WorkDir;
  if (Own.DryRun) {
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, WorkDir);
    sys::path::append(WorkDir, "tilec-cc-XXXXXX");
  }
  Expected<BuildSetup> Setup =
      prepareBuild(Args, Paths, std::move(*CC), WorkDir.str().str());
  if (!Setup)
    return fail(toString(Setup.takeError()));
  bool Temporary = !Own.DryRun && !Setup->Translated.empty();
  if (Temporary) {
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("tilec-cc", WorkDir))
      return fail("cannot create a temporary directory: " + EC.message());
    Setup->WorkDir = WorkDir.str().str();
  }

  int Status = runSteps(planBuild(*Setup), Own.Verbose, Own.DryRun,
                        Own.DryRun ? outs() : errs());
  if (Temporary) {
    if (Own.Keep)
      errs() << "tilec-cc: translated files kept in " << WorkDir << "\n";
    else
      sys::fs::remove_directories(WorkDir);
  }
  return Status;
}
