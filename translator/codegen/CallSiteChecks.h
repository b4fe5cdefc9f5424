//===- CallSiteChecks.h - What a call site checks and passes ----*- C++ -*-===//
//
// Internal to codegen/: the checks a call site makes before any device
// work (the arrays' extents at compile time, loop ranges known only at run
// time before the region starts), and the values it passes for captured
// scalars.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_CALLSITECHECKS_H
#define TILEC_CODEGEN_CALLSITECHECKS_H

#include "codegen/CodeWriter.h"
#include "ir/StencilIR.h"

#include <string>
#include <vector>

namespace tilec {

/// `TILEC_STATIC_ASSERT`s that the host arrays have the extents tilec
/// translated for; extents known only at run time evaluated into locals
/// named as kernels name them (`tilec_nx`) and checked, with the arrays'
/// byte counts; `tilec_check_range` calls for every calc loop with
/// run-time bounds or against a run-time extent.
void emitSizeChecks(const ir::StencilRegion &Region, CodeWriter &W);

/// A loop bound as the host evaluates it: the run-time expression `Text`
/// in parentheses, or the constant `Value`.
std::string boundText(const std::string &Text, int64_t Value);

/// What a call passes for a captured scalar: its value, the per-step table
/// entry, or a run-time loop bound (clamped so that an empty range stays
/// empty).
std::string scalarArgument(const ir::CapturedScalar &Scalar);

/// What a call of `Nest`'s calc passes for its scalars (calcScalarParams):
/// a per-step table passed per step gives its entries at t, t + 1, ...
/// (0 past the launch's tilec_block steps, so that no entry past the last
/// step is read).
std::vector<std::string> calcScalarArguments(const ir::StencilRegion &Nest);

} // namespace tilec

#endif
