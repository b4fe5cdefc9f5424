//===- ToolPaths.cpp - Where tilec finds its data and runtime ------------===//
#include "driver/ToolPaths.h"

#include "clang/Basic/Version.h"
#include "clang/Driver/Driver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <dlfcn.h>
#include <vector>

namespace tilec {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

// One component only: path::append turns an empty extra component into a
// trailing '/', and "file/" does not exist.
static std::string join(llvm::StringRef Base, llvm::StringRef Relative) {
  llvm::SmallString<256> Path(Base);
  path::append(Path, Relative);
  return std::string(Path);
}

// Clang's builtin headers belong to the LLVM that tilec runs with, which
// need not be where tilec was built (a package built elsewhere, another
// LLVM prefix), so ask the loaded libclang-cpp before the build-time path.
static std::string findClangResourceDir(llvm::StringRef Exe) {
  std::vector<std::string> Candidates;
  if (std::optional<std::string> Dir =
          llvm::sys::Process::GetEnv("TILEC_CLANG_RESOURCE_DIR"))
    Candidates.push_back(*Dir);
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&clang::driver::Driver::GetResourcesPath),
             &Info) &&
      Info.dli_fname) {
    // The loader reports the name it opened (on Debian the llvm-19/lib
    // symlink, found through the run path), not the file it points to (in
    // the multiarch directory, with no clang/ beside it); either may be the
    // one with clang/ beside it.
    llvm::SmallString<256> Real;
    std::vector<std::string> Libraries = {Info.dli_fname};
    if (!fs::real_path(Info.dli_fname, Real))
      Libraries.push_back(std::string(Real));
    for (const std::string &Library : Libraries) {
      Candidates.push_back(join(path::parent_path(Library),
                                "clang/" CLANG_VERSION_MAJOR_STRING));
      // Clang's own rule, lib/clang/N beside lib/ or bin/: also right where
      // clang-cpp is linked into the executable.
      Candidates.push_back(clang::driver::Driver::GetResourcesPath(Library));
    }
  }
  // tilec installed into LLVM's own prefix.
  Candidates.push_back(clang::driver::Driver::GetResourcesPath(Exe));
  Candidates.push_back(TILEC_CLANG_RESOURCE_DIR);
  for (const std::string &Dir : Candidates)
    if (!Dir.empty() && fs::exists(join(Dir, "include/stddef.h")))
      return Dir;
  // Clang then names the builtin header it misses.
  return TILEC_CLANG_RESOURCE_DIR;
}

ToolPaths findToolPaths(const char *Argv0, void *MainAddress) {
  ToolPaths P;
  std::string Exe = fs::getMainExecutable(Argv0, MainAddress);
  P.BinDir = path::parent_path(Exe).str();
  std::string Prefix = path::parent_path(P.BinDir).str();

  std::string InstalledProfiles = join(Prefix, "share/tilec/profiles");
  if (!fs::is_directory(InstalledProfiles) &&
      fs::equivalent(P.BinDir, TILEC_BUILD_BIN_DIR)) {
    P.ProfileDir = TILEC_SOURCE_PROFILE_DIR;
    P.RuntimeInclude = TILEC_SOURCE_RUNTIME_INCLUDE;
    P.RuntimeLibDir = TILEC_BUILD_LIB_DIR;
  } else {
    // Even where this layout is incomplete: a missing file is then reported
    // under the prefix, rather than read from a source tree that happens to
    // be still there.
    P.ProfileDir = InstalledProfiles;
    P.RuntimeInclude = join(Prefix, "include");
    P.RuntimeLibDir = join(Prefix, "lib");
  }
  P.ClangResourceDir = findClangResourceDir(Exe);
  return P;
}

} // namespace tilec
