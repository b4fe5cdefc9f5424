//===- VariantView.cpp - One of the mappings compiled into a region -------===//
#include "ir/VariantView.h"

namespace tilec::ir {

StencilRegion variantView(const StencilRegion &Region, unsigned Index) {
  StencilRegion View = Region;
  View.Map = Region.Variants[Index].Map;
  View.Variants.clear();
  View.VariantSuffix = "_v" + std::to_string(Index);
  return View;
}

std::string vectorText(const Mapping &Map, unsigned Dims) {
  if (Map.Kind == MappingKind::Naive)
    return "naive";
  const auto &G = Map.WorkGroup;
  return std::to_string(G[Dims - 1]) + "," +
         std::to_string(Dims > 1 ? G[Dims - 2] : 1) + "," +
         std::to_string(Dims > 2 ? G[Dims - 3] : 1) + "," +
         std::to_string(Map.TimeBlock) +
         (Map.StreamPoints > 1 || Map.AskedChunk
              ? "," + std::to_string(Map.StreamPoints)
              : "") +
         (Map.AskedChunk ? "," + std::to_string(Map.AskedChunk) : "");
}

StencilRegion withAssumedExtent(const StencilRegion &Region, int64_t Extent) {
  StencilRegion Out = Region;
  for (unsigned A = 0; A < Out.dims(); ++A) {
    Axis &X = Out.Axes[A];
    if (!X.runTimeExtent())
      continue;
    int64_t Shift = Extent - X.Extent;
    X.Extent = Extent;
    // A run-time bound's range is the widest the reads allow inside the
    // extent, so its upper end follows the extent (StencilIR.h).
    if (!X.UpperText.empty())
      X.Upper += Shift;
    if (!Out.Copy.UpperText[A].empty())
      Out.Copy.Upper[A] += Shift;
  }
  return Out;
}

} // namespace tilec::ir
