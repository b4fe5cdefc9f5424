//===- ClauseParser.h - Parse one #pragma stencil line ---------*- C++ -*-===//
//
// Turns the tokens after `#pragma stencil` into a Directive, or an error that
// names the token at fault. Knows nothing about loops or the AST.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_CLAUSEPARSER_H
#define TILEC_DIRECTIVES_CLAUSEPARSER_H

#include "tilec/directives/Directive.h"
#include "tilec/directives/DirectiveToken.h"

#include <string>
#include <variant>
#include <vector>

namespace tilec {

struct DirectiveError {
  /// Index of the offending token; equal to the token count when the line
  /// ended too early.
  unsigned Token = 0;
  std::string Message;
};

using DirectiveParseResult = std::variant<Directive, DirectiveError>;

DirectiveParseResult parseDirective(const std::vector<DirectiveToken> &Tokens);

} // namespace tilec

#endif
