//===- DependencyFile.h - make dependencies for translated sources -*- C++
//-*-===//
//
// With -MD, a C compiler writes a make rule naming every header a source
// read, so that make rebuilds when one changes. tilec-cc compiles the
// translated file from a temporary directory, so the compiler's rule names
// that file; this rewrites it into the rule the compiler would have
// written for the user's source, plus the device profile: a changed
// profile changes the translation.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_CC_DEPENDENCYFILE_H
#define TILEC_DRIVER_CC_DEPENDENCYFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tilec::cc {

/// A make rule as read from a dependency file: the targets as written
/// (they came from -MT/-MQ and are already in make's syntax), the
/// prerequisites as file names (unescaped).
struct DependencyRule {
  std::string Targets;
  std::vector<std::string> Prerequisites;
};

/// Reads the first rule of a dependency file as GCC and Clang write it.
llvm::Expected<DependencyRule> parseDependencyRule(llvm::StringRef Text);

/// Writes \p Rule in make's syntax; with \p PhonyTargets (-MP) also an
/// empty rule for each prerequisite but the first, so that make does not
/// stop when a header is deleted.
std::string printDependencyRule(const DependencyRule &Rule, bool PhonyTargets);

/// What to change in the compiler's rule for a translated source.
struct DependencyRewrite {
  std::string TranslatedSource;   ///< As it was given to the compiler.
  std::string UserSource;         ///< As the user gave it.
  std::string WorkDir;            ///< Its files (the tilec headers) go.
  std::vector<std::string> Added; ///< The device profile.
};

/// Applies \p R to \p Rule.
void rewriteDependencies(DependencyRule &Rule, const DependencyRewrite &R);

} // namespace tilec::cc

#endif
