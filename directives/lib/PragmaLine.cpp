//===- PragmaLine.cpp - Read one pragma line into directive tokens -------===//
#include "tilec/directives/PragmaLine.h"

#include "clang/Lex/Preprocessor.h"

namespace tilec {

std::vector<DirectiveToken> lexPragmaLine(clang::Preprocessor &PP,
                                          clang::PragmaIntroducer Introducer,
                                          const clang::Token &FirstToken,
                                          PragmaLine &Line) {
  Line.HashLoc = Introducer.Loc;
  Line.FromMacro = Introducer.Loc.isMacroID() ||
                   Introducer.Kind == clang::PIK__Pragma ||
                   Introducer.Kind == clang::PIK___pragma;

  std::vector<DirectiveToken> Tokens;
  clang::Token Tok;
  PP.Lex(Tok);
  while (Tok.isNot(clang::tok::eod)) {
    DirectiveToken T;
    if (Tok.getIdentifierInfo())
      T.TokKind = DirectiveToken::Identifier;
    else if (Tok.is(clang::tok::numeric_constant))
      T.TokKind = DirectiveToken::Number;
    else
      T.TokKind = DirectiveToken::Punct;
    T.Text = PP.getSpelling(Tok);
    Tokens.push_back(std::move(T));
    Line.TokenLocs.push_back(Tok.getLocation());
    PP.Lex(Tok);
  }
  Line.EndLoc = Tok.getLocation();
  Line.NameLoc = Line.TokenLocs.empty() ? FirstToken.getLocation()
                                        : Line.TokenLocs.front();
  return Tokens;
}

} // namespace tilec
