//===- ApspEmitter.h - Print blocked Floyd-Warshall code --------*- C++ -*-===//
//
// Kernels and host code of an apsp region, for any target: the same
// KernelDialect and HostDialect that spell the stencil code spell these.
// Per pivot round K the host launches the pivot kernel (tile K,K), the panel
// kernel (pivot row and column tiles) and the register-tiled non-pivot
// kernel (docs/internals.md, "apsp").
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_APSPEMITTER_H
#define TILEC_CODEGEN_APSPEMITTER_H

#include "codegen/HostEmitter.h"
#include "codegen/KernelEmitter.h"
#include "ir/ApspIR.h"

#include <string>

namespace tilec {

/// Hopper's DPX instructions (CUDA only): min(a + b, c) in one instruction
/// for int32, used when the code runs on sm_90 or later.
enum class AddMinIntrinsics { None, CudaDPX };

std::string emitApspKernels(const ir::ApspRegion &Region,
                            const KernelDialect &Dialect,
                            AddMinIntrinsics Intrinsics);

/// `void tilec_R_run(void *tilec_distance[, void *tilec_path])`: copies the
/// host matrices in, runs the blocked algorithm and copies them back.
std::string apspFunctionSignature(const ir::ApspRegion &Region);

std::string emitApspHostFunction(const ir::ApspRegion &Region,
                                 const HostDialect &Dialect);

/// The block that replaces the region: the call, then the loop variables
/// set as the serial loop leaves them. `Where` names what runs it.
std::string emitApspCallSite(const ir::ApspRegion &Region,
                             const std::string &Where);

/// One line for the emitted file's header comment.
std::string apspSummary(const ir::ApspRegion &Region);

} // namespace tilec

#endif
