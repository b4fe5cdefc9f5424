//===- ASTHelpers.cpp - What the stencil front end asks of Clang's AST ----===//
#include "frontend/ASTHelpers.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdio>
#include <cstdlib>

namespace tilec {

using namespace ir;

std::vector<const clang::Stmt *> bodyStatements(const clang::Stmt *Body) {
  if (const auto *C = llvm::dyn_cast<clang::CompoundStmt>(Body))
    return {C->body_begin(), C->body_end()};
  return {Body};
}

std::optional<ScalarType> scalarTypeOf(clang::QualType Type) {
  const auto *B = Type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (!B)
    return std::nullopt;
  switch (B->getKind()) {
  case clang::BuiltinType::Int:
    return ScalarType::Int;
  case clang::BuiltinType::UInt:
    return ScalarType::UInt;
  case clang::BuiltinType::Long:
    return ScalarType::Long;
  case clang::BuiltinType::ULong:
    return ScalarType::ULong;
  case clang::BuiltinType::Float:
    return ScalarType::Float;
  case clang::BuiltinType::Double:
    return ScalarType::Double;
  default:
    return std::nullopt;
  }
}

std::optional<ElementType> elementTypeOf(clang::QualType Type) {
  switch (scalarTypeOf(Type).value_or(ScalarType::ULong)) {
  case ScalarType::Float:
    return ElementType::Float;
  case ScalarType::Double:
    return ElementType::Double;
  case ScalarType::Int:
    return ElementType::Int;
  default:
    return std::nullopt;
  }
}

std::string floatLiteralText(const clang::FloatingLiteral *L) {
  bool IsFloat = L->getType()->isSpecificBuiltinType(clang::BuiltinType::Float);
  double Value = L->getValueAsApproximateDouble();
  char Buffer[64];
  for (int Precision = 1; Precision <= 17; ++Precision) {
    std::snprintf(Buffer, sizeof Buffer, "%.*g", Precision, Value);
    if (IsFloat ? std::strtof(Buffer, nullptr) == static_cast<float>(Value)
                : std::strtod(Buffer, nullptr) == Value)
      break;
  }
  std::string Text = Buffer;
  if (Text.find_first_of(".eEni") == std::string::npos)
    Text += ".0";
  return IsFloat ? Text + "f" : Text;
}

std::string intLiteralText(llvm::APInt Value, clang::QualType Type) {
  bool Unsigned = Type->isUnsignedIntegerType();
  std::string Text = llvm::toString(Value, 10, !Unsigned);
  switch (scalarTypeOf(Type).value_or(ScalarType::Int)) {
  case ScalarType::UInt:
    return Text + "u";
  case ScalarType::Long:
    return Text + "l";
  case ScalarType::ULong:
    return Text + "ul";
  default:
    return Text;
  }
}

bool isMathFunction(llvm::StringRef Name) {
  static const std::set<std::string> Functions = {
      "sqrt", "sqrtf", "fabs",  "fabsf",  "fmin", "fminf", "fmax", "fmaxf",
      "exp",  "expf",  "log",   "logf",   "sin",  "sinf",  "cos",  "cosf",
      "pow",  "powf",  "floor", "floorf", "ceil", "ceilf", "abs"};
  return Functions.count(Name.str()) != 0;
}

SubscriptedArray splitSubscripts(const clang::ArraySubscriptExpr *E) {
  SubscriptedArray Out;
  const clang::Expr *Base = E;
  while (const auto *S = clang::dyn_cast<clang::ArraySubscriptExpr>(
             Base->IgnoreParenImpCasts())) {
    Out.Subscripts.insert(Out.Subscripts.begin(), S->getIdx());
    Base = S->getBase();
  }
  Out.Base = clang::dyn_cast<clang::DeclRefExpr>(Base->IgnoreParenImpCasts());
  return Out;
}

} // namespace tilec
