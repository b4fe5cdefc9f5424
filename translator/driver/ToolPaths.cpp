//===- ToolPaths.cpp - Where tilec finds its data and runtime ------------===//
#include "driver/ToolPaths.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace tilec {

static std::string join(llvm::StringRef A, llvm::StringRef B,
                        llvm::StringRef C = "") {
  llvm::SmallString<256> Path(A);
  llvm::sys::path::append(Path, B, C);
  return Path.str().str();
}

ToolPaths findToolPaths(const char *Argv0, void *MainAddress) {
  ToolPaths P;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, MainAddress);
  P.BinDir = llvm::sys::path::parent_path(Exe).str();
  std::string Prefix = llvm::sys::path::parent_path(P.BinDir).str();

  std::string Installed = join(Prefix, "share/tilec/profiles");
  P.ProfileDir = llvm::sys::fs::is_directory(Installed)
                     ? Installed
                     : std::string(TILEC_SOURCE_PROFILE_DIR);
  std::string InstalledInclude = join(Prefix, "include/tilec/tilec_rt.h");
  P.RuntimeInclude = llvm::sys::fs::exists(InstalledInclude)
                         ? join(Prefix, "include")
                         : std::string(TILEC_SOURCE_RUNTIME_INCLUDE);
  P.RuntimeLibDir = join(Prefix, "lib");
  P.ClangResourceDir = TILEC_CLANG_RESOURCE_DIR;
  return P;
}

} // namespace tilec
