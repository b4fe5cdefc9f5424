//===- StreamedInterior.cpp - The row loop of interior groups -------------===//
//
// Most groups of a large grid, in every launch but a shorter last one, work
// only on points inside the calc range: their copy of the row loop tests
// nothing per row and level but the rows they own.
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"
#include "tuning/StreamSearch.h"

#include <algorithm>

namespace tilec {

using namespace ir;

bool StreamedKernel::copiesTestFreeLoop() const {
  // Several points in 3D run under a cap of 64 registers (registerBudget()),
  // where the copy spilled: heat3d 512^3 at 32,8,1,3,4 (H100) 26.5 -> 28.5
  // ms, 256^3 no faster. With one row per trip in the copy it does not
  // spill but still loses in CUDA (26.6 -> 27.9 ms; the heat-3d pair in
  // float 30.0 -> 31.3), though NVIDIA's OpenCL gained (30.1 -> 28.0).
  if (R.dims() == 3 && severalPoints())
    return false;
  // With extents known only at run time, ptxas gives a 2D kernel with the
  // copy far more registers than either copy alone needs (heat2d_runtime
  // at 256,1,1,8: 108, against 63 without the copy; 6.7 ms instead of 6.1
  // at 8192^2, H100). A cap of 64 holds them where the kernel needs no more
  // (floats, up to 8 steps; registerBudget()); where it needs more (the
  // pairs' kernels of three loops, doubles, more steps) the cap spilled,
  // so those kernels go without the copy.
  if (R.dims() == 2 && rebased())
    return !R.PingPong && R.widestElementBytes() == 4 && R.Map.TimeBlock <= 8;
  return true;
}

/// Whether the calc reads a single array (the one the kernel stages).
static bool readsOneField(const StencilRegion &R) {
  return std::count_if(R.Fields.begin(), R.Fields.end(),
                       [](const Field &F) { return F.ReadInCalc; }) == 1;
}

int64_t StreamedKernel::registerBudget() const {
  const Mapping &M = R.Map;
  // Several points per work item: SeveralPointsRegisterCap, which the
  // search counts with too (StreamLimits::RegisterCap).
  // With extents known only at run time the kernel's row and line
  // distances take registers too: groups of up to 128 work items get 72,
  // which leaves 7 groups per SM (H100, heat3d at 32,4,1,3,4: 256^3 4.54 ->
  // 4.30 ms, 200^3 3.48 -> 3.06, 512^3 27.6 -> 26.6; 32,8,1,3,4 at 80
  // registers, 3 groups per SM, lost: 27.2 -> 27.7 at 512^3).
  if (severalPoints())
    return R.runTimeStrides() && !R.PingPong && M.workGroupSize() <= 128
               ? 72
               : SeveralPointsRegisterCap;
  // The 2D kernel of run-time extents with the interior copy
  // (copiesTestFreeLoop()): capped at 64, heat2d_runtime at 256,1,1,8 gets
  // 56 and runs 8192^2 in 5.56 ms (6.14 without the copy, H100). Up to 4
  // steps it needs no cap (40 registers with the copy or without), and a
  // cap would let ptxas take all 64.
  if (R.dims() == 2 && rebased() && copiesTestFreeLoop() && M.TimeBlock > 4)
    return 64;
  // One field of doubles in 2D, the only one the calc reads: a cap that
  // ptxas does not reach (DoubleRows2DRegisterCap), stated so that the
  // search knows how many groups an SM holds (reliedRegisterCap in
  // StreamWaves.cpp names the same kernels, and relies on the cap only
  // where the calc bounds too are constants).
  if (R.dims() == 2 && !R.runTimeStrides() && !R.multiStage() && !R.Reduce &&
      !R.PingPong && M.TiledFields.size() == 1 && readsOneField(R) &&
      elementBytes(R.Fields[M.TiledFields[0]].Type) == 8 &&
      M.HaloMinus[0] + M.HaloPlus[0] <= 2 && M.TimeBlock > 1 &&
      M.TimeBlock <= DoubleRows2DMaxSteps &&
      M.workGroupSize() <= DoubleRows2DMaxGroup)
    return DoubleRows2DRegisterCap;
  return 0;
}

std::string StreamedKernel::interiorCondition(const StreamNames &N,
                                              int64_t Start,
                                              int64_t End) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  const int64_t Lag = levelLag();
  // The loop's rows run from first - Start to last + End; level l works on
  // the row l lags behind, so the levels cover rows first - Start - T lags
  // up to (not including) last + End - one lag. All of them in the calc
  // range also puts every row the loop loads inside the arrays. Chained
  // levels may take one row more (the loop's trips take two).
  const int64_t Extra = M.ChainedLevels ? 1 : 0;
  std::string Cond;
  if (T > 1)
    Cond = N.Steps + " == " + std::to_string(T) + " && ";
  Cond += N.First + " - " + std::to_string(Start + Lag * T) +
          " >= " + calcLower(0) + " && " +
          plusOffset(N.Last, End - Lag + Extra) + " <= " + calcUpper(0);
  return Cond + " && " + columnsInRange();
}

} // namespace tilec
