//===- RegionInterface.h - Calls from a region to its host code -*- C++ -*-===//
//
// A stencil region becomes a call site and a few host functions. The call
// site replaces the region in the user's file and stays C: it keeps the time
// loop, the host statements in it and every user variable, and calls the
// functions in order. The functions own the device side (buffers, transfers,
// launches, reductions, copy-back); they sit beside the kernels, in
// foo_tilec.cu for CUDA and above the user's code in foo.c for OpenCL. This
// file fixes their names and signatures, so that both sides agree.
//
//   struct tilec_R tilec_region;
//   tilec_R_enter(&tilec_region, A, B);        allocate, copy in
//   for (t = ...) {                            the user's time loop
//     tilec_R_calc(&tilec_region, c0, &sum);   one launch (T steps)
//     tilec_R_copy(&tilec_region);             copy kernel or buffer swap
//   }
//   tilec_R_leave(&tilec_region, A);           copy back, free
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_REGIONINTERFACE_H
#define TILEC_CODEGEN_REGIONINTERFACE_H

#include "ir/StencilIR.h"

#include <string>
#include <vector>

namespace tilec {

/// Sweeps: ping-pong pairs only (PingPong.h), runs the sweeps of the whole
/// time loop, in launches of up to T sweeps, the last one alone.
enum class HostFunction { Enter, Calc, Copy, Leave, Sweeps };

/// `struct tilec_<region>`: the region's device buffers.
std::string regionStructName(const ir::StencilRegion &R);

/// `tilec_<region>_enter` and so on.
std::string hostFunctionName(const ir::StencilRegion &R, HostFunction F);

/// Whether the region has the function: calc only when its range is not
/// empty, copy only when the copy nest runs (as a kernel or a swap).
bool hasHostFunction(const ir::StencilRegion &R, HostFunction F);

/// Whether the calc function takes the number of steps to advance: when
/// a launch may run several, with the region's vector or with one that
/// enter() picks (VariantView.h).
inline bool calcTakesSteps(const ir::StencilRegion &R) {
  return R.Map.TimeBlock > 1 || !R.Variants.empty();
}

using ir::pingPongBlocks;

/// Such a pair's sweeps and calc take whether its arrays agree outside the
/// calc range (the call site compares them, tilec_same_outside): then every
/// sweep shows the same boundary, and calc launches the kernel of the
/// calc + copy form (sameBoundaryView), which never reads the other array.
constexpr const char *SameBoundaryParam = "tilec_same_boundary";

/// A scalar parameter of the calc's host function and kernel.
struct ScalarParam {
  ir::ScalarType Type;
  std::string Name;
};

/// The calc's scalar parameters, in R.Scalars' order: each captured
/// scalar, except that a per-step table read in a region advancing T > 1
/// steps per launch takes one value per step, `fict_t_0` .. `fict_t_<T-1>`
/// (perStepParamName).
std::vector<ScalarParam> calcScalarParams(const ir::StencilRegion &R);

/// Whether `S` is passed as one value per step of a launch of `R`.
bool passedPerStep(const ir::StencilRegion &R, const ir::CapturedScalar &S);

/// `fict_t_2`: the parameter holding a per-step table's value at the
/// (0-based) step `Step` of a launch.
std::string perStepParamName(const ir::CapturedScalar &S, int64_t Step);

/// The scalars (indices into R.Scalars) that carry the copy nest's bounds
/// known only at run time: the copy function and kernel take them.
std::vector<unsigned> copyBoundScalars(const ir::StencilRegion &R);

/// The fields whose host arrays enter() copies in, in field order: all but
/// a destination swapped with its source (its buffer starts as a copy of
/// the source).
std::vector<unsigned> copiedInFields(const ir::StencilRegion &R);

/// The fields whose host arrays leave() overwrites, in field order: the
/// written ones, except a destination swapped with its source (the call
/// site fills its interior from the source, as the copy nest would).
std::vector<unsigned> readBackFields(const ir::StencilRegion &R);

/// A parameter of a host function: its type as it precedes the name
/// (`float `, `const void *`) and its name.
struct HostParam {
  std::string Type;
  std::string Name;
};

/// The calc function of a slab view that launches in parts
/// (StencilRegion::LaunchParts) takes, instead of the window's scalars, the
/// rows it writes, [First, End), and how many of them at each end the
/// neighbouring slabs read: it launches those first.
struct LaunchPartParams {
  static constexpr const char *First = "tilec_rows_first";
  static constexpr const char *End = "tilec_rows_end";
  static constexpr const char *Below = "tilec_rows_below";
  static constexpr const char *Above = "tilec_rows_above";
  /// The four, in parameter order.
  static std::vector<std::string> names() { return {First, End, Below, Above}; }
};

/// Whether scalar `Name` bounds the window of a launch in parts.
bool isLaunchPartBound(const ir::StencilRegion &R, const std::string &Name);

/// The parameters of `hostFunctionSignature(R, F)`, in order.
std::vector<HostParam> hostFunctionParams(const ir::StencilRegion &R,
                                          HostFunction F);

/// `void tilec_R_calc(struct tilec_R *tilec_region, float c0, ...)`, with
/// the parameter names of `R` (the device-safe names, transforms/SafeNames.h).
/// Parameters: enter takes the copied-in fields' host arrays, calc the captured
/// scalars, a pointer to the reduction variable and the step count, leave
/// the read-back fields' host arrays.
std::string hostFunctionSignature(const ir::StencilRegion &R, HostFunction F);

/// `Signature;` for each function the region has, one per line.
std::string hostFunctionPrototypes(const ir::StencilRegion &R);

/// The member of the region struct holding a field's device buffer, and
/// the one holding the reduction's per-group results.
std::string bufferMember(const ir::StencilRegion &R, unsigned Field);
std::string partialMember();
/// Reduction::CombinedAtLeave: the struct members that hold the host
/// variable leave() adds the last launch's partial results to, and their
/// count.
std::string combineTargetMember();
std::string combineCountMember();

/// Fused multi-stage regions keep a second buffer for every written field:
/// each launch reads one and writes the other, and they are swapped after
/// it (other work groups still read the first while one writes). So do
/// both arrays of a ping-pong pair with several sweeps per launch.
bool hasNextBuffer(const ir::StencilRegion &R, unsigned Field);
std::string nextBufferMember(const ir::StencilRegion &R, unsigned Field);

} // namespace tilec

#endif
