//===- TranslatedMacros.cpp - Macros whose values a translation used -----===//
#include "frontend/TranslatedMacros.h"

#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace tilec {
namespace {

/// `128`, `0x80`, `128u`, `1'000` (C23 digit separators): integer literals
/// only, since a static assertion needs an integer constant expression.
bool isIntegerLiteral(llvm::StringRef Text) {
  Text = Text.rtrim("uUlL");
  if (Text.consume_front_insensitive("0x"))
    return !Text.empty() && llvm::all_of(Text, [](char C) {
      return llvm::isHexDigit(C) || C == '\'';
    });
  return !Text.empty() && llvm::all_of(Text, [](char C) {
    return llvm::isDigit(C) || C == '\'';
  });
}

bool isArithmetic(clang::tok::TokenKind K) {
  switch (K) {
  case clang::tok::l_paren:
  case clang::tok::r_paren:
  case clang::tok::plus:
  case clang::tok::minus:
  case clang::tok::star:
  case clang::tok::slash:
  case clang::tok::percent:
  case clang::tok::lessless:
  case clang::tok::greatergreater:
  case clang::tok::amp:
  case clang::tok::pipe:
  case clang::tok::caret:
  case clang::tok::tilde:
    return true;
  default:
    return false;
  }
}

} // namespace

void TranslatedMacros::MacroExpands(const clang::Token &Name,
                                    const clang::MacroDefinition &Definition,
                                    clang::SourceRange Range,
                                    const clang::MacroArgs *) {
  const clang::MacroInfo *Info = Definition.getMacroInfo();
  if (!Info || !Info->isObjectLike() || Info->getNumTokens() == 0)
    return;
  const clang::SourceManager &SM = PP.getSourceManager();
  clang::SourceLocation Loc = SM.getExpansionLoc(Range.getBegin());
  if (!SM.isInMainFile(Loc))
    return;
  std::string Value;
  bool HasLiteral = false;
  for (const clang::Token &T : Info->tokens()) {
    std::string Spelling = PP.getSpelling(T);
    if (T.is(clang::tok::numeric_constant) && isIntegerLiteral(Spelling))
      HasLiteral = true;
    else if (!isArithmetic(T.getKind()))
      return;
    Value += (Value.empty() || !T.hasLeadingSpace() ? "" : " ") + Spelling;
  }
  if (!HasLiteral)
    return;
  Expansions.push_back(
      {Loc, {Name.getIdentifierInfo()->getName().str(), Value}});
}

std::vector<MacroValue>
TranslatedMacros::expandedIn(clang::SourceLocation Begin,
                             clang::SourceLocation End) const {
  const clang::SourceManager &SM = PP.getSourceManager();
  std::vector<MacroValue> Found;
  for (const Expansion &E : Expansions) {
    if (SM.isBeforeInTranslationUnit(E.Loc, Begin) ||
        SM.isBeforeInTranslationUnit(End, E.Loc))
      continue;
    // A macro redefined inside the region keeps its first value: one
    // check per name.
    if (std::none_of(Found.begin(), Found.end(), [&](const MacroValue &M) {
          return M.Name == E.Macro.Name;
        }))
      Found.push_back(E.Macro);
  }
  return Found;
}

} // namespace tilec
