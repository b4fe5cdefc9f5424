//===- DirectiveToken.h - Tokens of a pragma line, without Clang -*- C++
//-*-===//
//
// The clause parser works on this small token type so that it can be tested
// without a preprocessor. The pragma handler converts Clang tokens to these;
// tests use tokenizeDirective() on plain strings.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_DIRECTIVETOKEN_H
#define TILEC_DIRECTIVES_DIRECTIVETOKEN_H

#include <string>
#include <vector>

namespace tilec {

struct DirectiveToken {
  enum Kind { Identifier, Number, Punct };
  Kind TokKind = Punct;
  std::string Text;
};

/// Splits the text after `#pragma stencil` into tokens: identifiers, decimal
/// integer literals (with optional u/l suffixes), and one-character
/// punctuators. Used by tests and by tools that read directives from text.
std::vector<DirectiveToken> tokenizeDirective(const std::string &Text);

} // namespace tilec

#endif
