//===- StencilPragmaHandler.cpp - Record #pragma stencil lines -----------===//
#include "tilec/directives/StencilPragmaHandler.h"

#include "tilec/directives/ClauseParser.h"

namespace tilec {

void StencilPragmaHandler::HandlePragma(clang::Preprocessor &PP,
                                        clang::PragmaIntroducer Introducer,
                                        clang::Token &FirstToken) {
  RecordedDirective Rec;
  std::vector<DirectiveToken> Tokens =
      lexPragmaLine(PP, Introducer, FirstToken, Rec);

  DirectiveParseResult Result = parseDirective(Tokens);
  if (auto *Error = std::get_if<DirectiveError>(&Result)) {
    OnError(Rec.tokenLoc(Error->Token), Error->Message);
    return;
  }
  Rec.D = std::get<Directive>(std::move(Result));
  Table.push_back(std::move(Rec));
}

} // namespace tilec
