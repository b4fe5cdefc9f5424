//===- RunTimeChoice.cpp - Vectors picked at region entry -----------------===//
#include "driver/RunTimeChoice.h"

#include "ir/VariantView.h"
#include "transforms/NaiveMapping.h"
#include "transforms/PingPong.h"
#include "tuning/EvolutionSearch.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace tilec {

using namespace ir;

namespace {

/// The extents the search assumes per size class for `Dims` dimensions:
/// the profile's size_class_extents_Nd (on the shipped profiles from
/// grids that fit in an H100's caches to grids that fill its memory); none
/// where it gives none, and the region keeps the vector chosen at the
/// assumed sizes.
std::vector<int64_t> classExtents(const DeviceProfile &Device, unsigned Dims) {
  std::vector<int64_t> Extents;
  std::string Key = "size_class_extents_" + std::to_string(Dims) + "d";
  for (double V : Device.figureValues(Key).value_or(std::vector<double>{}))
    Extents.push_back(static_cast<int64_t>(V));
  return Extents;
}

int64_t gridPoints(const StencilRegion &R) {
  int64_t Points = 1;
  for (const Axis &A : R.Axes)
    Points *= A.Extent;
  return Points;
}

std::string classText(const StencilRegion &R) {
  std::string Out;
  for (unsigned A = 0; A < R.dims(); ++A)
    Out += (A ? " x " : "") + std::to_string(R.Axes[A].Extent);
  return Out;
}

/// One class's choice.
struct ClassChoice {
  /// The grid points of the first and the last class it stands for.
  int64_t FirstPoints = 0, LastPoints = 0;
  std::string Vector; ///< "naive" or W,H,D,T.
  std::string Class;  ///< The extents, "4096 x 4096".
  double GStencils = 0;
  Mapping Map;
};

} // namespace

bool choosesVectorAtRunTime(const StencilRegion &Region,
                            const PipelineOptions &Options) {
  // A copy kernel would be emitted once per variant; a reduction's partial
  // results are sized by the mapping in enter(); a per-step table is passed
  // as one value per step of the launch, which differs between variants.
  for (const CapturedScalar &S : Region.Scalars)
    if (!S.PerStepExpression.empty())
      return false;
  return Region.runTimeExtents() && !Region.multiStage() && !Region.PingPong &&
         !Region.Reduce && Region.Copy.Strategy != CopyStrategy::Kernel &&
         !Options.Params && !Options.ForceNaive;
}

void chooseVariants(StencilRegion &Region, const StencilRegion &Unmapped,
                    const DeviceProfile &Device, const PipelineOptions &Options,
                    std::string &Explanation) {
  auto Ignore = [](const std::string &, const StencilRegion &) {};
  std::vector<ClassChoice> Choices;
  for (int64_t Extent : classExtents(Device, Unmapped.dims())) {
    StencilRegion Sized = withAssumedExtent(Unmapped, Extent);
    if (Sized.calcPoints() <= 0)
      continue;
    llvm::Expected<Selection> S =
        selectParameters(Sized, Device, selectionOptions(Options));
    if (!S) {
      llvm::consumeError(S.takeError());
      continue;
    }
    // The kernels are correct for every size: map the region as assumed.
    StencilRegion Mapped = Unmapped;
    bool Naive = S->Naive;
    if (!Naive) {
      if (llvm::Error E = applyBlocking(Mapped, Device, S->PV,
                                        Options.LocalMemory, Ignore)) {
        llvm::consumeError(std::move(E));
        Mapped = Unmapped;
        Naive = true;
      }
    }
    if (Naive)
      mapNaive(Mapped, Device);
    ClassChoice C;
    C.FirstPoints = C.LastPoints = gridPoints(Sized);
    C.Vector =
        Naive ? "naive"
              : ParameterVector{S->PV.W, S->PV.H, S->PV.D, Mapped.Map.TimeBlock,
                                S->PV.P, S->PV.C}
                    .str();
    C.Class = classText(Sized);
    if (S->Predicted.SecondsPerPointStep > 0)
      C.GStencils = 1e-9 / S->Predicted.SecondsPerPointStep;
    C.Map = Mapped.Map;
    // Neighbouring classes with the same vector share one variant.
    if (!Choices.empty() && Choices.back().Vector == C.Vector) {
      Choices.back().LastPoints = C.LastPoints;
      Choices.back().Class += ", " + C.Class;
      continue;
    }
    Choices.push_back(C);
  }
  if (Choices.size() < 2)
    return;
  Region.Variants.clear();
  for (size_t I = 0; I < Choices.size(); ++I) {
    StencilRegion::Variant V;
    V.Map = Choices[I].Map;
    V.Chosen = Choices[I].Class;
    // The boundary between two neighbouring classes: halfway in
    // log(points).
    V.UpToPoints = I + 1 < Choices.size()
                       ? static_cast<int64_t>(std::sqrt(
                             static_cast<double>(Choices[I].LastPoints) *
                             static_cast<double>(Choices[I + 1].FirstPoints)))
                       : std::numeric_limits<int64_t>::max();
    Region.Variants.push_back(V);
  }
  Explanation +=
      "  extents known only at run time: " + std::to_string(Choices.size()) +
      " vectors compiled in; enter() picks by the grid's points "
      "(the search at each size class):\n";
  for (size_t I = 0; I < Choices.size(); ++I) {
    const StencilRegion::Variant &V = Region.Variants[I];
    char Speed[64];
    std::snprintf(Speed, sizeof Speed, "%.1f", Choices[I].GStencils);
    std::string Range =
        I + 1 < Choices.size()
            ? "fewer than " + std::to_string(V.UpToPoints) + " points"
            : "the rest";
    Explanation += "    " + Range + ": " + Choices[I].Vector + " (best for " +
                   V.Chosen + ", predicted " + Speed + " GStencil/s)\n";
  }
}

void chooseSameBoundaryMapping(StencilRegion &Region,
                               const StencilRegion &Unmapped,
                               const DeviceProfile &Device,
                               const PipelineOptions &Options,
                               std::string &Explanation) {
  // PolyBench's heat-3d with n read at run time starts A and B equal, and
  // runs only this kernel, which ran faster at the calc + copy form's own
  // vector than at the pair's (measured: docs/notes/run-time-extents.md,
  // "The calc + copy form's vector where the arrays agree"); so did a
  // pointer rotation of constant extents, and heat-3d's pair of constant n
  // ran as fast (docs/data/h200-2026-12-02-same-boundary.txt).
  if (!Region.PingPong || Region.Map.TimeBlock < 2 || !Region.Map.streams() ||
      Region.dims() != 3 || Options.Params ||
      Options.ForceNaive)
    return;
  StencilRegion Form = sameBoundaryView(Unmapped);
  llvm::Expected<Selection> S =
      selectParameters(Form, Device, selectionOptions(Options));
  if (!S) {
    llvm::consumeError(S.takeError());
    return;
  }
  if (S->Naive)
    return;
  auto Ignore = [](const std::string &, const StencilRegion &) {};
  if (llvm::Error E =
          applyBlocking(Form, Device, S->PV, Options.LocalMemory, Ignore)) {
    llvm::consumeError(std::move(E));
    return;
  }
  if (!Form.Map.streams() || vectorText(Form.Map, Form.dims()) ==
                                 vectorText(Region.Map, Region.dims()))
    return;
  Region.SameBoundaryMap = Form.Map;
  Explanation += "  where the arrays agree outside the calc range the calc + "
                 "copy form's kernel runs at " +
                 vectorText(Form.Map, Form.dims()) +
                 ", the search's choice for that form (" +
                 std::to_string(Form.Map.TimeBlock) +
                 " sweeps per launch); the pair's own kernel keeps " +
                 vectorText(Region.Map, Region.dims()) + "\n";
}

} // namespace tilec
