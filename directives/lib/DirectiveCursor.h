//===- DirectiveCursor.h - Token walking shared by clause parsers -*- C++
//-*-===//
//
// The `#pragma stencil` and `#pragma apsp` clause parsers read the same
// tokens the same way: identifiers, punctuators and integer constant
// expressions, with errors that name the offending token. This cursor holds
// that shared part; each parser adds its grammar on top.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_DIRECTIVECURSOR_H
#define TILEC_DIRECTIVES_DIRECTIVECURSOR_H

#include "tilec/directives/ClauseParser.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilec {

class DirectiveCursor {
public:
  explicit DirectiveCursor(const std::vector<DirectiveToken> &Tokens)
      : Tokens(Tokens) {}

  const DirectiveError &error() const { return Error; }

protected:
  const std::vector<DirectiveToken> &Tokens;
  unsigned Pos = 0;
  DirectiveError Error;

  bool atEnd() const { return Pos >= Tokens.size(); }
  const std::string &text() const;
  bool isPunct(const char *P) const {
    return !atEnd() && Tokens[Pos].TokKind == DirectiveToken::Punct &&
           Tokens[Pos].Text == P;
  }
  bool isIdentifier() const {
    return !atEnd() && Tokens[Pos].TokKind == DirectiveToken::Identifier;
  }
  bool isKeyword(const char *Word) const {
    return isIdentifier() && text() == Word;
  }

  bool fail(std::string Message) { return failAt(Pos, std::move(Message)); }
  bool failAt(unsigned Token, std::string Message) {
    Error.Token = Token;
    Error.Message = std::move(Message);
    return false;
  }
  /// The current token quoted, or "end of line", for messages.
  std::string found() const {
    return atEnd() ? "end of line" : "'" + text() + "'";
  }

  bool consumePunct(const char *P) {
    if (!isPunct(P))
      return false;
    ++Pos;
    return true;
  }
  bool expectPunct(const char *P);
  bool parseIdentifier(NamedVariable &Out, const char *What);

  /// Integer constant expressions over + - * / % and parentheses; macros
  /// have already been expanded by the preprocessor.
  bool parseConstant(int64_t &Value) { return parseAdditive(Value); }

  /// An expression that names variables (`nn`, `nx - 1`), known only at
  /// run time: its tokens as text, up to the `Closer` (")" or "]") that
  /// ends it at nesting depth 0, which is left unread. False, with nothing
  /// read, when the tokens name no variable (a constant expression); false
  /// with an error set when no closer follows.
  /// `What` names the expression in that error ("the step count").
  bool runTimeExpression(const char *Closer, const char *What,
                         std::string &Text);

private:
  bool parseAdditive(int64_t &Value);
  bool parseMultiplicative(int64_t &Value);
  bool parseUnary(int64_t &Value);
};

} // namespace tilec

#endif
