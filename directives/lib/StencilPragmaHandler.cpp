//===- StencilPragmaHandler.cpp - Record #pragma stencil lines -----------===//
#include "tilec/directives/StencilPragmaHandler.h"

#include "tilec/directives/ClauseParser.h"

#include "clang/Lex/Preprocessor.h"

namespace tilec {

void StencilPragmaHandler::HandlePragma(clang::Preprocessor &PP,
                                        clang::PragmaIntroducer Introducer,
                                        clang::Token &FirstToken) {
  RecordedDirective Rec;
  Rec.HashLoc = Introducer.Loc;
  Rec.FromMacro = Introducer.Loc.isMacroID() ||
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
    Rec.TokenLocs.push_back(Tok.getLocation());
    PP.Lex(Tok);
  }
  Rec.EndLoc = Tok.getLocation();
  Rec.NameLoc =
      Rec.TokenLocs.empty() ? FirstToken.getLocation() : Rec.TokenLocs.front();

  DirectiveParseResult Result = parseDirective(Tokens);
  if (auto *Error = std::get_if<DirectiveError>(&Result)) {
    OnError(Rec.tokenLoc(Error->Token), Error->Message);
    return;
  }
  Rec.D = std::get<Directive>(std::move(Result));
  Table.push_back(std::move(Rec));
}

} // namespace tilec
