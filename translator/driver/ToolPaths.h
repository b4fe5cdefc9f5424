//===- ToolPaths.h - Where tilec finds its data and runtime -----*- C++ -*-===//
//
// tilec runs from its build tree and from an installation; both layouts are
// checked, the installed one (relative to the executable) first.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_TOOLPATHS_H
#define TILEC_DRIVER_TOOLPATHS_H

#include <string>

namespace tilec {

struct ToolPaths {
  std::string ProfileDir;     ///< Device profiles (*.json).
  std::string RuntimeInclude; ///< Contains tilec/tilec_rt_*.h.
  std::string RuntimeLibDir;  ///< Contains libtilec_rt_*.a.
  std::string ClangResourceDir;
  std::string BinDir; ///< Where tilec and tilec-cc are.
};

/// `Argv0` and `MainAddress` locate the running executable.
ToolPaths findToolPaths(const char *Argv0, void *MainAddress);

} // namespace tilec

#endif
