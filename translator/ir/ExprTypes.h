//===- ExprTypes.h - The C type of update-function expressions --*- C++ -*-===//
//
// The IR keeps an expression's operators and leaves, not its types; C's
// rules give them back: each leaf's type (a field's element type, a scalar's
// or local's declared type, a literal's suffix, a math function's result)
// and the usual arithmetic conversions at each operator. Back ends need them
// where the spelling of an operation depends on its type (CUDA's __fmul_rn
// for float, __dmul_rn for double).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_EXPRTYPES_H
#define TILEC_IR_EXPRTYPES_H

#include "ir/StencilIR.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec::ir {

bool isFloating(ScalarType Type);

/// The type C computes a binary arithmetic operator in, for operands of
/// types A and B (C11 6.3.1.8, with int 32 and long 64 bits wide as in
/// OpenCL C and CUDA on 64-bit hosts).
ScalarType usualArithmeticConversion(ScalarType A, ScalarType B);

/// The scalar type a field's elements have.
ScalarType scalarTypeOfElement(ElementType Type);

/// The type named by a cast as the IR spells it (scalarTypeName, or the
/// canonical spelling of a math function's parameter: "double", "int").
std::optional<ScalarType> scalarTypeNamed(const std::string &Name);

/// The result type of a math function the front end accepts, by its C name
/// (sqrtf: float, sqrt: double, abs: int).
std::optional<ScalarType> mathResultType(const std::string &Callee);

/// The C type of `E`, an expression of `Region`'s update function (or of
/// one of its stages: `Locals` then names the stage's temporaries, looked
/// up before the region's). Nothing where a name is none of the region's.
std::optional<ScalarType>
exprType(const StencilRegion &Region, const Expr &E,
         const std::vector<LocalVariable> *Locals = nullptr);

} // namespace tilec::ir

#endif
