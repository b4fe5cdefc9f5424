//===- TranslatedMacros.h - Macros whose values a translation used -*- C++
//-*-===//
//
// A region translated with `-DNY=100` bakes 100 into its kernels and
// launches. If the output is then compiled with `-DNY=120`, the user's own
// code sees 120 and the two disagree silently, whatever the arrays are
// (pointers and VLA parameters carry no size to check). So the front end
// records the integer macros expanded inside each region, with the value
// they had, and the call site asserts that the build sees the same.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_TRANSLATEDMACROS_H
#define TILEC_FRONTEND_TRANSLATEDMACROS_H

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace tilec {

/// An object-like macro and its definition's text, e.g. {"NY", "100"}.
struct MacroValue {
  std::string Name, Value;
};

/// Records the expansions, in the main file, of object-like macros whose
/// definition is an integer constant expression of literals alone
/// (`100`, `(1 << 10)`); a macro defined through others (`(NX / 2)`) is
/// covered by the checks of those.
class TranslatedMacros : public clang::PPCallbacks {
public:
  explicit TranslatedMacros(const clang::Preprocessor &PP) : PP(PP) {}

  void MacroExpands(const clang::Token &Name,
                    const clang::MacroDefinition &Definition,
                    clang::SourceRange Range,
                    const clang::MacroArgs *Args) override;

  /// The macros expanded in [Begin, End] of the main file, each once, in
  /// the order first expanded.
  std::vector<MacroValue> expandedIn(clang::SourceLocation Begin,
                                     clang::SourceLocation End) const;

private:
  const clang::Preprocessor &PP;
  struct Expansion {
    clang::SourceLocation Loc;
    MacroValue Macro;
  };
  std::vector<Expansion> Expansions;
};

} // namespace tilec

#endif
