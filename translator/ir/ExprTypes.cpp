//===- ExprTypes.cpp - The C type of update-function expressions ---------===//
#include "ir/ExprTypes.h"

#include <cctype>

namespace tilec::ir {

namespace {

/// C's integer conversion rank of the types the IR holds (int < long).
int rank(ScalarType Type) {
  return Type == ScalarType::Int || Type == ScalarType::UInt ? 1 : 2;
}

bool isUnsigned(ScalarType Type) {
  return Type == ScalarType::UInt || Type == ScalarType::ULong;
}

/// An integer literal as intLiteralText spells it: digits and a suffix of
/// `u` and `l` letters (`7`, `7u`, `7l`, `7ul`).
ScalarType intLiteralType(const std::string &Text) {
  bool Unsigned = false, Long = false;
  for (auto I = Text.rbegin(); I != Text.rend() && std::isalpha(*I); ++I) {
    char C = static_cast<char>(std::tolower(static_cast<unsigned char>(*I)));
    Unsigned |= C == 'u';
    Long |= C == 'l';
  }
  if (Long)
    return Unsigned ? ScalarType::ULong : ScalarType::Long;
  return Unsigned ? ScalarType::UInt : ScalarType::Int;
}

/// A floating literal as floatLiteralText spells it: `1.5f` is a float,
/// `1.5` a double (as are `inf`, whose float spelling is `inff`).
ScalarType floatLiteralType(const std::string &Text) {
  bool Suffix = !Text.empty() && (Text.back() == 'f' || Text.back() == 'F');
  return Suffix && Text != "inf" ? ScalarType::Float : ScalarType::Double;
}

const LocalVariable *findLocal(const std::vector<LocalVariable> &Locals,
                               const std::string &Name) {
  for (const LocalVariable &L : Locals)
    if (L.Name == Name)
      return &L;
  return nullptr;
}

} // namespace

bool isFloating(ScalarType Type) {
  return Type == ScalarType::Float || Type == ScalarType::Double;
}

ScalarType usualArithmeticConversion(ScalarType A, ScalarType B) {
  if (A == ScalarType::Double || B == ScalarType::Double)
    return ScalarType::Double;
  if (A == ScalarType::Float || B == ScalarType::Float)
    return ScalarType::Float;
  if (A == B)
    return A;
  // Both integers (int or wider, so no promotion first).
  if (isUnsigned(A) == isUnsigned(B))
    return rank(A) >= rank(B) ? A : B;
  ScalarType U = isUnsigned(A) ? A : B, S = isUnsigned(A) ? B : A;
  if (rank(U) >= rank(S))
    return U;
  // A signed type of higher rank: long holds every unsigned int.
  return S;
}

ScalarType scalarTypeOfElement(ElementType Type) {
  switch (Type) {
  case ElementType::Float:
    return ScalarType::Float;
  case ElementType::Double:
    return ScalarType::Double;
  case ElementType::Int:
    return ScalarType::Int;
  }
  return ScalarType::Int;
}

std::optional<ScalarType> scalarTypeNamed(const std::string &Name) {
  for (ScalarType T :
       {ScalarType::Int, ScalarType::UInt, ScalarType::Long, ScalarType::ULong,
        ScalarType::Float, ScalarType::Double})
    if (Name == scalarTypeName(T))
      return T;
  return std::nullopt;
}

std::optional<ScalarType> mathResultType(const std::string &Callee) {
  static const char *const Double[] = {"sqrt", "fabs",  "fmin", "fmax",
                                       "exp",  "log",   "sin",  "cos",
                                       "pow",  "floor", "ceil"};
  if (Callee == "abs")
    return ScalarType::Int;
  for (const char *Name : Double) {
    if (Callee == Name)
      return ScalarType::Double;
    if (Callee == std::string(Name) + "f")
      return ScalarType::Float;
  }
  return std::nullopt;
}

std::optional<ScalarType> exprType(const StencilRegion &Region, const Expr &E,
                                   const std::vector<LocalVariable> *Locals) {
  auto Operand = [&](unsigned I) -> std::optional<ScalarType> {
    if (I >= E.Operands.size() || !E.Operands[I])
      return std::nullopt;
    return exprType(Region, *E.Operands[I], Locals);
  };
  auto Converted = [&](unsigned I, unsigned J) -> std::optional<ScalarType> {
    std::optional<ScalarType> A = Operand(I), B = Operand(J);
    if (!A || !B)
      return std::nullopt;
    return usualArithmeticConversion(*A, *B);
  };
  switch (E.ExprKind) {
  case Expr::IntLiteral:
    return intLiteralType(E.Text);
  case Expr::FloatLiteral:
    return floatLiteralType(E.Text);
  case Expr::ScalarRef:
    for (const CapturedScalar &S : Region.Scalars)
      if (S.Name == E.Text)
        return S.Type;
    return std::nullopt;
  case Expr::LocalRef: {
    const LocalVariable *L = Locals ? findLocal(*Locals, E.Text) : nullptr;
    if (!L)
      L = findLocal(Region.Locals, E.Text);
    for (const Stage &S : Region.Stages)
      if (!L)
        L = findLocal(S.Locals, E.Text);
    if (!L)
      return std::nullopt;
    return L->Type;
  }
  case Expr::ReductionRef:
    if (!Region.Reduce)
      return std::nullopt;
    return Region.Reduce->Type;
  case Expr::FieldAccess:
    if (E.FieldIndex >= Region.Fields.size())
      return std::nullopt;
    return scalarTypeOfElement(Region.Fields[E.FieldIndex].Type);
  case Expr::AxisIndex:
    // Loop variables are integers; a typedef (size_t) counts as long.
    if (E.AxisNumber >= Region.Axes.size())
      return std::nullopt;
    return scalarTypeNamed(Region.Axes[E.AxisNumber].LoopVariableType)
        .value_or(ScalarType::Long);
  case Expr::Unary:
    // `!` gives int; `-`, `+` and `~` promote, and every integer type the
    // IR holds is at least an int.
    if (E.Text == "!")
      return ScalarType::Int;
    return Operand(0);
  case Expr::Binary: {
    const std::string &Op = E.Text;
    if (Op == "<" || Op == ">" || Op == "<=" || Op == ">=" || Op == "==" ||
        Op == "!=" || Op == "&&" || Op == "||")
      return ScalarType::Int;
    if (Op == "<<" || Op == ">>")
      return Operand(0);
    return Converted(0, 1);
  }
  case Expr::Conditional:
    return Converted(1, 2);
  case Expr::Call:
    return mathResultType(E.Text);
  case Expr::Cast:
    return scalarTypeNamed(E.Text);
  case Expr::Paren:
    return Operand(0);
  }
  return std::nullopt;
}

} // namespace tilec::ir
