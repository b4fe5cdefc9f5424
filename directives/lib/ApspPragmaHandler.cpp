//===- ApspPragmaHandler.cpp - Record #pragma apsp lines -----------------===//
#include "tilec/directives/ApspPragmaHandler.h"

namespace tilec {

void ApspPragmaHandler::HandlePragma(clang::Preprocessor &PP,
                                     clang::PragmaIntroducer Introducer,
                                     clang::Token &FirstToken) {
  RecordedApspDirective Rec;
  std::vector<DirectiveToken> Tokens =
      lexPragmaLine(PP, Introducer, FirstToken, Rec);
  ApspParseResult Result = parseApspDirective(Tokens);
  if (auto *Error = std::get_if<DirectiveError>(&Result)) {
    OnError(Rec.tokenLoc(Error->Token), Error->Message);
    return;
  }
  Rec.D = std::get<ApspDirective>(std::move(Result));
  Table.push_back(std::move(Rec));
}

} // namespace tilec
