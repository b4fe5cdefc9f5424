//===- StreamShape.cpp - The streaming kernel's form, decided ------------===//
#include "transforms/StreamShape.h"

#include "ir/SameBoundaryView.h"
#include "ir/SlabView.h"
#include "ir/StageView.h"
#include "ir/VariantView.h"
#include "rules/StreamShapeRules.h"

namespace tilec {

using namespace ir;

void decideStreamShapes(StencilRegion &Region, const TargetTraits &Target) {
  // A pair's same-boundary kernel is printed without the pair's edge rules,
  // so its shape is its own even where it runs the pair's mapping.
  if (pingPongBlocks(Region) && !Region.SameBoundaryMap)
    Region.SameBoundaryMap = Region.Map;
  // The kernels print the slab view (SlabView.h) of the mapping they run.
  const StencilRegion Slab = slabView(Region);
  auto Decide = [&Target](Mapping &Map, const StencilRegion &View) {
    if (Map.streams() && !Map.fused())
      Map.Shape = decideStreamShape(View, Target);
  };
  Decide(Region.Map, Slab);
  for (unsigned I = 0; I < Region.Variants.size(); ++I)
    Decide(Region.Variants[I].Map, variantView(Slab, I));
  if (Region.multiStage() && !Region.Map.fused())
    for (unsigned I = 0; I < Region.Stages.size(); ++I)
      Decide(Region.Stages[I].Map, stageView(Slab, I));
  if (Region.SameBoundaryMap)
    Decide(*Region.SameBoundaryMap, sameBoundaryView(Slab));
}

} // namespace tilec
