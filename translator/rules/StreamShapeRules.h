//===- StreamShapeRules.h - How the streaming kernel is shaped --*- C++ -*-===//
//
// The rules that give the streaming calc kernel its form beyond the
// parameter vector (ir::StreamShape): register caps, copies of the row
// loop, how global memory, rings and boundaries are indexed, where column
// tests are computed. Each is a pure function of the kernel's region (the
// view the back end prints), its mapping and the target's traits; the
// stream-shape pass stores their results in the IR and the search prices
// its candidates with the same functions. Every threshold is declared here
// once, with its reason; the measurements behind them are in
// docs/notes/stream-shape.md.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_RULES_STREAMSHAPERULES_H
#define TILEC_RULES_STREAMSHAPERULES_H

#include "ir/StencilIR.h"
#include "target/TargetTraits.h"

#include <cstdint>

namespace tilec {

// The register caps themselves are the profile's (StreamRegisterCaps).

/// The streaming kernel of several points with extents known only at run
/// time takes the cap of its kind (StreamRegisterCaps::RunTimePoints) in
/// groups of up to this many work items, the other cap in larger ones.
constexpr int64_t RunTimePointsMaxGroup = 128;
/// The 2D kernel of run-time extents with its interior copy of the row
/// loop: ptxas gives it far more registers than either copy needs; above
/// this many steps its cap (StreamRegisterCaps::RunTimeRows) holds them
/// without spilling.
constexpr int64_t RunTimeRowsUncappedSteps = 4;
/// The most steps of the 2D interior copy with run-time extents: beyond
/// them the capped copy spills.
constexpr int64_t RunTimeRowsInteriorMaxSteps = 8;
/// The 2D kernel of one staged field of doubles, the only array the calc
/// reads, read at most DoubleRows2DMaxReach rows along the streamed axis,
/// with constant strides, one stage, no reduction, no ping-pong pair,
/// 2 to DoubleRows2DMaxSteps steps and groups of at most
/// DoubleRows2DMaxGroup takes its cap (StreamRegisterCaps::DoubleRows).
constexpr int64_t DoubleRows2DMaxReach = 2;
constexpr int64_t DoubleRows2DMaxSteps = 8;
constexpr int64_t DoubleRows2DMaxGroup = 512;
/// Edge groups of a ping-pong pair load each level's boundary value a row
/// ahead up to this many steps: two registers per level, which larger T
/// cannot spare.
constexpr int64_t PrefetchedBoundaryMaxSteps = 4;
/// A single-stage 2D kernel of up to this many steps takes three rows per
/// trip, so that its window's shifts become renamed registers.
constexpr int64_t ThreeRowsMaxSteps = 8;

/// What the register cap of the 2D kernel of doubles depends on: the
/// kernel's region and the search's features both state it.
struct DoubleRowsFacts {
  unsigned Dims = 1;
  bool RunTimeStrides = false;
  bool MultiStage = false;
  bool Reduction = false;
  bool PingPong = false;
  unsigned TiledFields = 0;
  bool ReadsOneField = false;
  int64_t TiledElementBytes = 0; ///< Of the one tiled field.
  int64_t StreamedReach = 0;     ///< Its halo along the streamed axis.
  int64_t T = 1;
  int64_t GroupSize = 1;
};

/// `Cap` (StreamRegisterCaps::DoubleRows) where the 2D kernel of one field
/// of doubles takes it, else 0.
int64_t doubleRowsRegisterCap(const DoubleRowsFacts &F, int64_t Cap);

/// Whether the OpenCL host builds a streaming kernel of `Points` points of
/// `ElementBytes` each per work item for a register bound
/// (TargetTraits::OpenCLBuildRegisters): 16 bytes of points, 4 words a level.
/// NVIDIA's -cl-nv-maxrregcount is not only a bound: kernels that need fewer
/// registers ran slower under it (two floats; four doubles, which spill; the
/// kernel of run-time extents), so it pays only where the kernel needs more
/// (measured: docs/notes/opencl-vs-cuda.md, "The register bound through
/// OpenCL").
inline bool openCLBoundsRegisters(int64_t Points, int64_t ElementBytes) {
  return Points * ElementBytes == 16;
}

/// The form of the streaming calc kernel of `Kernel` (a single-stage
/// streaming mapping, as the back end prints it: the slab, variant, stage
/// or same-boundary view) on `Target`.
ir::StreamShape decideStreamShape(const ir::StencilRegion &Kernel,
                                  const TargetTraits &Target);

} // namespace tilec

#endif
