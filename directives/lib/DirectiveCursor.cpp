//===- DirectiveCursor.cpp - Token walking shared by clause parsers ------===//
#include "DirectiveCursor.h"

#include <cerrno>
#include <cstdlib>

namespace tilec {

const std::string &DirectiveCursor::text() const {
  static const std::string Empty;
  return atEnd() ? Empty : Tokens[Pos].Text;
}

bool DirectiveCursor::expectPunct(const char *P) {
  if (!isPunct(P))
    return fail(std::string("expected '") + P + "', found " + found());
  ++Pos;
  return true;
}

bool DirectiveCursor::parseIdentifier(NamedVariable &Out, const char *What) {
  if (!isIdentifier())
    return fail(std::string("expected ") + What + ", found " + found());
  Out.Name = text();
  Out.Token = Pos++;
  return true;
}

bool DirectiveCursor::runTimeExpression(const char *Closer, const char *What,
                                        std::string &Text) {
  unsigned End = Pos;
  int Depth = 0;
  bool Named = false;
  for (; End < Tokens.size(); ++End) {
    const DirectiveToken &T = Tokens[End];
    bool Punct = T.TokKind == DirectiveToken::Punct;
    if (Punct && (T.Text == "(" || T.Text == "["))
      ++Depth;
    if (Punct && (T.Text == ")" || T.Text == "]")) {
      if (Depth == 0)
        break; // The closer, or a wrong one reported below.
      --Depth;
    }
    Named |= T.TokKind == DirectiveToken::Identifier;
  }
  if (!Named)
    return false;
  if (End == Tokens.size())
    return failAt(End, std::string("expected '") + Closer + "' after " + What +
                           ", found end of line");
  if (Tokens[End].Text != Closer)
    return failAt(End, std::string("expected '") + Closer + "' after " + What +
                           ", found '" + Tokens[End].Text + "'");
  Text.clear();
  for (; Pos < End; ++Pos)
    Text += (Text.empty() ? "" : " ") + Tokens[Pos].Text;
  return true;
}

// Precedence climbing over + - * / %.

bool DirectiveCursor::parseAdditive(int64_t &Value) {
  if (!parseMultiplicative(Value))
    return false;
  while (isPunct("+") || isPunct("-")) {
    bool Add = isPunct("+");
    ++Pos;
    unsigned RhsToken = Pos;
    int64_t Rhs;
    if (!parseMultiplicative(Rhs))
      return false;
    if (Add ? __builtin_add_overflow(Value, Rhs, &Value)
            : __builtin_sub_overflow(Value, Rhs, &Value))
      return failAt(RhsToken, "overflow in constant expression");
  }
  return true;
}

bool DirectiveCursor::parseMultiplicative(int64_t &Value) {
  if (!parseUnary(Value))
    return false;
  while (isPunct("*") || isPunct("/") || isPunct("%")) {
    char Op = text()[0];
    ++Pos;
    unsigned RhsToken = Pos;
    int64_t Rhs;
    if (!parseUnary(Rhs))
      return false;
    if (Op != '*' && Rhs == 0)
      return failAt(RhsToken, "division by zero in constant expression");
    // INT64_MIN / -1 overflows (and traps on x86), as does its remainder.
    bool Overflow = Op == '*' ? __builtin_mul_overflow(Value, Rhs, &Value)
                              : Value == INT64_MIN && Rhs == -1;
    if (Overflow)
      return failAt(RhsToken, "overflow in constant expression");
    if (Op != '*')
      Value = Op == '/' ? Value / Rhs : Value % Rhs;
  }
  return true;
}

bool DirectiveCursor::parseUnary(int64_t &Value) {
  if (isPunct("-") || isPunct("+")) {
    bool Negate = isPunct("-");
    ++Pos;
    if (!parseUnary(Value))
      return false;
    if (Negate && __builtin_sub_overflow(int64_t(0), Value, &Value))
      return fail("overflow in constant expression");
    return true;
  }
  if (isPunct("(")) {
    ++Pos;
    return parseAdditive(Value) && expectPunct(")");
  }
  if (!atEnd() && Tokens[Pos].TokKind == DirectiveToken::Number) {
    std::string Digits = text();
    while (!Digits.empty() && (Digits.back() == 'u' || Digits.back() == 'U' ||
                               Digits.back() == 'l' || Digits.back() == 'L'))
      Digits.pop_back();
    char *End = nullptr;
    errno = 0;
    long long Parsed = std::strtoll(Digits.c_str(), &End, 0);
    if (Digits.empty() || *End != '\0')
      return fail("expected an integer constant, found '" + text() + "'");
    if (errno == ERANGE)
      return fail("integer constant '" + text() + "' is too large");
    Value = Parsed;
    ++Pos;
    return true;
  }
  if (isIdentifier())
    return fail("'" + text() +
                "' is not an integer constant (only macros that expand to "
                "integer constant expressions are allowed here)");
  return fail("expected an integer constant expression, found " + found());
}

} // namespace tilec
