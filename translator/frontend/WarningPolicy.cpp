//===- WarningPolicy.cpp - Which tilec warnings are on, and as what ------===//
#include "frontend/WarningPolicy.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace tilec {

std::vector<std::string> tilecWarningNames() {
  return {
#define TILEC_DIAG(Name, Level, Format)
#define TILEC_WARNING(Name, Flag, Format) Flag,
#include "frontend/Diagnostics.def"
#undef TILEC_DIAG
  };
}

namespace {

/// "tilec-NAME" -> the names it covers ("tilec" covers all), or none.
std::vector<std::string> namesCovered(llvm::StringRef Group) {
  std::vector<std::string> All = tilecWarningNames();
  if (Group == "tilec")
    return All;
  if (!Group.consume_front("tilec-"))
    return {};
  if (std::find(All.begin(), All.end(), Group.str()) == All.end())
    return {};
  return {Group.str()};
}

} // namespace

WarningPolicy WarningPolicy::fromArguments(std::vector<std::string> &ClangArgs,
                                           std::vector<std::string> &Unknown) {
  WarningPolicy P;
  std::vector<std::string> Kept;
  for (const std::string &Arg : ClangArgs) {
    llvm::StringRef A(Arg);
    if (A == "-w") {
      P.AllIgnored = true;
      continue;
    }
    if (A.starts_with("-pedantic"))
      continue;
    if (!A.consume_front("-W")) {
      Kept.push_back(Arg);
      continue;
    }
    // -Wl,... -Wp,... -Wa,... are not warning flags.
    if (A.size() > 1 && A[1] == ',') {
      Kept.push_back(Arg);
      continue;
    }
    if (A == "error") {
      P.AllErrors = true;
      continue;
    }
    bool Positive = !A.consume_front("no-");
    bool ErrorFlag = A.consume_front("error=");
    if (!A.starts_with("tilec"))
      continue; // Clang's own warning: the C compiler reports it.
    std::vector<std::string> Names = namesCovered(A);
    if (Names.empty()) {
      Unknown.push_back(Arg);
      continue;
    }
    for (const std::string &N : Names) {
      if (ErrorFlag) {
        P.AsError[N] = Positive;
        if (Positive)
          P.Enabled[N] = true;
      } else {
        P.Enabled[N] = Positive;
      }
    }
  }
  ClangArgs = std::move(Kept);
  return P;
}

WarningPolicy::Level WarningPolicy::levelOf(const std::string &Flag) const {
  if (AllIgnored)
    return Level::Ignored;
  auto On = Enabled.find(Flag);
  if (On != Enabled.end() && !On->second)
    return Level::Ignored;
  auto Err = AsError.find(Flag);
  bool Error = Err != AsError.end() ? Err->second : AllErrors;
  return Error ? Level::Error : Level::Warning;
}

} // namespace tilec
