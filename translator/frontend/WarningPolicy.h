//===- WarningPolicy.h - Which tilec warnings are on, and as what -*- C++
//-*-===//
//
// tilec's warnings obey the compiler flags users already write: `-w`,
// `-Werror`, `-Werror=tilec-NAME`, `-Wno-error=tilec-NAME`,
// `-Wno-tilec-NAME` and `-Wtilec-NAME` (`tilec` alone names them all),
// read left to right as GCC and Clang read them. Clang's own warnings are
// not tilec's to report: the C compiler that builds the output reports
// them once, so every other warning flag is kept away from Clang.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_WARNINGPOLICY_H
#define TILEC_FRONTEND_WARNINGPOLICY_H

#include <map>
#include <string>
#include <vector>

namespace tilec {

class WarningPolicy {
public:
  enum class Level { Ignored, Warning, Error };

  /// Takes the warning flags out of `ClangArgs` (all `-W...`, `-w`,
  /// `-pedantic...`) and records those that concern tilec. Flags naming an
  /// unknown tilec warning are returned in `Unknown`.
  static WarningPolicy fromArguments(std::vector<std::string> &ClangArgs,
                                     std::vector<std::string> &Unknown);

  /// What the warning named `-Wtilec-<Flag>` is reported as.
  Level levelOf(const std::string &Flag) const;

private:
  bool AllIgnored = false; ///< -w
  bool AllErrors = false;  ///< -Werror
  /// Per warning name: -Wno-tilec-X (false) or -Wtilec-X (true).
  std::map<std::string, bool> Enabled;
  /// Per warning name: -Werror=tilec-X (true), -Wno-error=tilec-X (false).
  std::map<std::string, bool> AsError;
};

/// The names of tilec's warnings, as in `-Wtilec-<name>`.
std::vector<std::string> tilecWarningNames();

} // namespace tilec

#endif
