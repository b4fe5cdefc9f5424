//===- IRBuilder.h - Build the stencil IR from a bound region ---*- C++ -*-===//
//
// Reads the loops a region is bound to and the data clause, checks them
// (every check of the spec's "Diagnostics" list that concerns the loop
// contents), and produces the IR. Analysis only: no text is edited here.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_IRBUILDER_H
#define TILEC_FRONTEND_IRBUILDER_H

#include "frontend/Diagnostics.h"
#include "frontend/RegionBinder.h"
#include "ir/SizeAssumptions.h"
#include "ir/StencilIR.h"

#include <optional>
#include <string>

namespace tilec {

/// Returns the region's IR, or nothing after reporting at least one error.
std::optional<ir::StencilRegion>
buildStencilIR(const BoundRegion &Bound, const std::string &RegionName,
               clang::ASTContext &Context, DiagnosticReporter &Diags,
               const ir::SizeAssumptions &Sizes);

} // namespace tilec

#endif
