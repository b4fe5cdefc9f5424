//===- SizeAssumptions.cpp - Sizes tuning assumes for run-time ones -------===//
#include "ir/SizeAssumptions.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace tilec::ir {

namespace {

/// Recursive descent over the text of a C integer expression.
class Evaluator {
public:
  Evaluator(const std::string &Text, const std::map<std::string, int64_t> &V,
            std::set<std::string> &Asked)
      : Text(Text), Values(V), Asked(Asked) {}

  std::optional<int64_t> run() {
    std::optional<int64_t> Value = additive();
    skipSpace();
    if (!Value || Pos != Text.size())
      return std::nullopt;
    return Value;
  }

private:
  const std::string &Text;
  const std::map<std::string, int64_t> &Values;
  std::set<std::string> &Asked;
  size_t Pos = 0;

  void skipSpace() {
    while (Pos < Text.size() && std::isspace((unsigned char)Text[Pos]))
      ++Pos;
  }
  bool consume(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }

  std::optional<int64_t> additive() {
    std::optional<int64_t> Value = multiplicative();
    while (Value) {
      if (consume('+')) {
        std::optional<int64_t> Rhs = multiplicative();
        if (!Rhs || __builtin_add_overflow(*Value, *Rhs, &*Value))
          return std::nullopt;
      } else if (consume('-')) {
        std::optional<int64_t> Rhs = multiplicative();
        if (!Rhs || __builtin_sub_overflow(*Value, *Rhs, &*Value))
          return std::nullopt;
      } else {
        break;
      }
    }
    return Value;
  }

  std::optional<int64_t> multiplicative() {
    std::optional<int64_t> Value = unary();
    while (Value) {
      char Op = 0;
      for (char C : {'*', '/', '%'})
        if (!Op && consume(C))
          Op = C;
      if (!Op)
        break;
      std::optional<int64_t> Rhs = unary();
      if (!Rhs || (Op != '*' && *Rhs == 0))
        return std::nullopt;
      if (Op == '*' && __builtin_mul_overflow(*Value, *Rhs, &*Value))
        return std::nullopt;
      if (Op == '/')
        *Value /= *Rhs;
      if (Op == '%')
        *Value %= *Rhs;
    }
    return Value;
  }

  std::optional<int64_t> unary() {
    if (consume('-')) {
      std::optional<int64_t> Value = unary();
      return Value ? std::optional<int64_t>(-*Value) : std::nullopt;
    }
    if (consume('+'))
      return unary();
    if (consume('(')) {
      std::optional<int64_t> Value = additive();
      return Value && consume(')') ? Value : std::nullopt;
    }
    skipSpace();
    size_t Start = Pos;
    if (Pos < Text.size() && std::isdigit((unsigned char)Text[Pos])) {
      while (Pos < Text.size() && std::isalnum((unsigned char)Text[Pos]))
        ++Pos;
      std::string Digits = Text.substr(Start, Pos - Start);
      while (!Digits.empty() && std::strchr("uUlL", Digits.back()))
        Digits.pop_back();
      char *End = nullptr;
      long long Value = std::strtoll(Digits.c_str(), &End, 0);
      if (Digits.empty() || *End)
        return std::nullopt;
      return Value;
    }
    while (Pos < Text.size() &&
           (std::isalnum((unsigned char)Text[Pos]) || Text[Pos] == '_'))
      ++Pos;
    std::string Name = Text.substr(Start, Pos - Start);
    if (!Name.empty())
      Asked.insert(Name);
    auto It = Values.find(Name);
    if (Pos == Start || It == Values.end())
      return std::nullopt;
    return It->second;
  }
};

} // namespace

std::optional<int64_t>
SizeAssumptions::evaluate(const std::string &Text) const {
  return Evaluator(Text, Values, Asked).run();
}

std::vector<std::string> SizeAssumptions::unused() const {
  std::vector<std::string> Names;
  for (const auto &[Name, Value] : Values)
    if (!Asked.count(Name))
      Names.push_back(Name);
  return Names;
}

std::string SizeAssumptions::askedNames() const {
  std::string Names;
  for (const std::string &Name : Asked)
    Names += (Names.empty() ? "" : ", ") + Name;
  return Names.empty() ? "none" : Names;
}

int64_t SizeAssumptions::extent(const std::string &Text, unsigned Dims,
                                bool *Given) const {
  std::optional<int64_t> Value = evaluate(Text);
  if (Given)
    *Given = Value && *Value > 0;
  if (Value && *Value > 0)
    return *Value;
  return Dims == 1   ? DefaultAssumedExtent1D
         : Dims == 2 ? DefaultAssumedExtent2D
                     : DefaultAssumedExtent3D;
}

int64_t SizeAssumptions::steps(const std::string &Text, bool *Given) const {
  std::optional<int64_t> Value = evaluate(Text);
  Asked.insert("steps");
  if (!Value || *Value < 0) {
    auto It = Values.find("steps");
    if (It != Values.end())
      Value = It->second;
  }
  if (Given)
    *Given = Value && *Value >= 0;
  return Value && *Value >= 0 ? *Value : DefaultAssumedSteps;
}

bool parseAssumptions(const std::string &List, SizeAssumptions &Out,
                      std::string &Error) {
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t Comma = List.find(',', Start);
    std::string Item = List.substr(
        Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    size_t Equals = Item.find('=');
    std::string Name = Item.substr(0, Equals);
    bool NameOk = !Name.empty() && !std::isdigit((unsigned char)Name[0]);
    for (char C : Name)
      NameOk &= std::isalnum((unsigned char)C) || C == '_';
    if (Equals == std::string::npos || !NameOk) {
      Error = "--assume: expected name=value, found '" + Item + "'";
      return false;
    }
    std::string Digits = Item.substr(Equals + 1);
    char *End = nullptr;
    long long Value = std::strtoll(Digits.c_str(), &End, 10);
    if (Digits.empty() || *End || Value <= 0) {
      Error = "--assume: the value of '" + Name +
              "' must be a positive integer, found '" + Digits + "'";
      return false;
    }
    Out.Values[Name] = Value;
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
  return true;
}

} // namespace tilec::ir
