//===- DirectiveToken.cpp - Tokenizer for directive text -----------------===//
#include "tilec/directives/DirectiveToken.h"

#include <cctype>

namespace tilec {

std::vector<DirectiveToken> tokenizeDirective(const std::string &Text) {
  std::vector<DirectiveToken> Tokens;
  size_t I = 0;
  while (I < Text.size()) {
    unsigned char C = Text[I];
    if (std::isspace(C)) {
      ++I;
      continue;
    }
    size_t Start = I;
    DirectiveToken Tok;
    if (std::isalpha(C) || C == '_') {
      while (I < Text.size() &&
             (std::isalnum((unsigned char)Text[I]) || Text[I] == '_'))
        ++I;
      Tok.TokKind = DirectiveToken::Identifier;
    } else if (std::isdigit(C)) {
      while (I < Text.size() &&
             (std::isalnum((unsigned char)Text[I]) || Text[I] == '.'))
        ++I;
      Tok.TokKind = DirectiveToken::Number;
    } else {
      ++I;
      Tok.TokKind = DirectiveToken::Punct;
    }
    Tok.Text = Text.substr(Start, I - Start);
    Tokens.push_back(std::move(Tok));
  }
  return Tokens;
}

} // namespace tilec
