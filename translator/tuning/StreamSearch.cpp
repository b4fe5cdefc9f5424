//===- StreamSearch.cpp - Best vector for the streaming kernel -----------===//
#include "tuning/StreamSearch.h"

namespace tilec {

std::optional<StreamChoice> bestStreamed(const StencilFeatures &F,
                                         const DeviceProfile &Device,
                                         const StreamLimits &Limits) {
  if (F.Dims < 2 || !streams(F, ParameterVector{Limits.Warp, 1, 1, 1}))
    return std::nullopt;
  std::optional<StreamChoice> Best;
  int Considered = 0, Feasible = 0;
  int64_t MaxH = F.Dims == 3 ? Limits.MaxGroup : 1;
  for (int64_t T = 1; T <= Limits.MaxT; T *= 2)
    for (int64_t W = Limits.Warp; W <= Limits.MaxGroup; W *= 2)
      for (int64_t H = 1; H <= MaxH && W * H <= Limits.MaxGroup; H *= 2) {
        ParameterVector PV{W, H, 1, T};
        ++Considered;
        if (streamTileBytes(F, PV) > Limits.TileLimit ||
            streamGroupCount(F, PV) < Limits.MinGroups)
          continue;
        ++Feasible;
        Prediction P = predictRunTime(F, Device, PV);
        // Ties (within 1%) go to the smaller T and group, tried first.
        if (!Best ||
            P.SecondsPerPointStep < 0.99 * Best->Predicted.SecondsPerPointStep)
          Best = StreamChoice{PV, P, 0, 0};
      }
  if (Best) {
    Best->Considered = Considered;
    Best->Feasible = Feasible;
  }
  return Best;
}

} // namespace tilec
