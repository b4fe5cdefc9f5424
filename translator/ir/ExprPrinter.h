//===- ExprPrinter.h - Print update-function expressions as C ---*- C++ -*-===//
//
// Expressions print in the user's own notation (`A[i - 1][j][k]`, loop
// variables by name), which is valid kernel code once the kernel declares
// array views of the same names. Parentheses are kept exactly as written, so
// the printed expression parses to the same tree and evaluates in the same
// order as the serial program.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_EXPRPRINTER_H
#define TILEC_IR_EXPRPRINTER_H

#include "ir/StencilIR.h"

#include <functional>
#include <string>

namespace tilec::ir {

struct ExprPrintOptions {
  /// Renames math functions for the target (e.g. sqrtf -> sqrt in OpenCL C).
  std::function<std::string(const std::string &)> Callee;
  /// Spelling of the reduction variable inside the update function.
  std::string ReductionName;
  /// Overrides how a field access prints (e.g. as a tile in local memory);
  /// returning "" keeps the user's notation.
  std::function<std::string(const Expr &Access)> FieldAccess;
  /// One linear subscript (printSubscripts) computed in int rather than
  /// long, where the kernel knows that every index fits one.
  bool IntSubscripts = false;
  /// Spells a multiplication that C computes in `Type`, float or double,
  /// of operands already printed; "" (or no function) keeps `L * R`.
  /// CUDA's strict floating-point model writes `__fmul_rn(L, R)`, which
  /// nvcc never contracts with an addition into a fused multiply-add, so
  /// the kernels round as the serial program does whatever -fmad says.
  /// `x *= y` then prints as `x = __fmul_rn(x, y)`. Multiplications whose
  /// type cannot be told (a name none of the region's) keep `*`.
  std::function<std::string(ScalarType Type, const std::string &L,
                            const std::string &R)>
      FloatMultiply;
  /// The temporaries of the stage being printed, for the types of its
  /// locals (those of the region are looked up after them).
  const std::vector<LocalVariable> *Locals = nullptr;
};

std::string printExpr(const StencilRegion &Region, const Expr &E,
                      const ExprPrintOptions &Options = {});

/// Prints a statement of the update function, without indentation or
/// newline, e.g. `float s0 = a * b;`.
std::string printStatement(const StencilRegion &Region, const Statement &S,
                           const ExprPrintOptions &Options = {});

/// The subscripts of a field access, `[c0]...[axis +- offset]...`, or in a
/// kernel with run-time extents one linear subscript (KernelAccess).
std::string printSubscripts(const StencilRegion &Region, unsigned FieldIndex,
                            const std::vector<int64_t> &Components,
                            const std::array<int64_t, MaxAxes> &Offsets,
                            bool IntSubscripts = false);

/// Prints `Name[c0]...[axis +- offset]...` for a field access.
std::string printAccess(const StencilRegion &Region, unsigned FieldIndex,
                        const std::vector<int64_t> &Components,
                        const std::array<int64_t, MaxAxes> &Offsets,
                        bool IntSubscripts = false);

} // namespace tilec::ir

#endif
