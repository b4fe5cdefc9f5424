//===- ToolPaths.h - Where tilec finds its data and runtime -----*- C++ -*-===//
//
// tilec runs from an installation and from its build tree. An installation
// must keep working when the source and build trees are gone, so the layout
// next to the executable wins whenever it is there, and the trees named at
// build time are used only by the binaries the build itself wrote.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_TOOLPATHS_H
#define TILEC_DRIVER_TOOLPATHS_H

#include <string>

namespace tilec {

struct ToolPaths {
  std::string ProfileDir;       ///< Device profiles (*.json).
  std::string RuntimeInclude;   ///< Contains tilec/tilec_rt_*.h.
  std::string RuntimeLibDir;    ///< Contains libtilec_rt_*.a.
  std::string ClangResourceDir; ///< Clang's builtin headers (stddef.h).
  std::string BinDir;           ///< Where tilec and tilec-cc are.
};

/// `Argv0` and `MainAddress` locate the running executable.
ToolPaths findToolPaths(const char *Argv0, void *MainAddress);

} // namespace tilec

#endif
