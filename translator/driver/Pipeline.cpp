//===- Pipeline.cpp - The passes applied to every stencil region ---------===//
//
// The whole lowering in one list, in the order it runs (after Halide's
// Lower.cpp): each pass is one function in its own file under transforms/.
//
//===----------------------------------------------------------------------===//
#include "driver/Pipeline.h"
#include "driver/RunTimeChoice.h"

#include "ir/IRPrinter.h"
#include "ir/StageView.h"
#include "tuning/SlabModel.h"

#include "target/ReservedWords.h"
#include "transforms/CopyElimination.h"
#include "transforms/DeviceLowering.h"
#include "transforms/NaiveMapping.h"
#include "transforms/PingPong.h"
#include "transforms/SpatialBlocking.h"
#include "transforms/StageFusion.h"
#include "transforms/StreamShape.h"
#include "transforms/TemporalBlocking.h"
#include "tuning/ConstructCost.h"
#include "tuning/EvolutionSearch.h"
#include "tuning/Explain.h"

#include <algorithm>

namespace tilec {

LocalMemoryLimits localMemoryLimits(const DeviceProfile &Device,
                                    bool DynamicShared) {
  LocalMemoryLimits L;
  L.Static = Device.staticLocalMemoryBytes();
  L.Streamed =
      DynamicShared
          ? std::max<int64_t>(
                L.Static, static_cast<int64_t>(
                              Device.figure("local_memory_bytes").value_or(0)))
          : L.Static;
  return L;
}

SelectionOptions selectionOptions(const PipelineOptions &Options) {
  return {Options.LocalMemory.Static, Options.LocalMemory.Streamed,
          Options.Target.StatesRegisterCaps, Options.Target.BuildRegisterCap};
}

llvm::Error applyBlocking(ir::StencilRegion &Region,
                          const DeviceProfile &Device,
                          const ParameterVector &PV,
                          const LocalMemoryLimits &Limits,
                          const PassObserver &Observe) {
  if (llvm::Error E = applySpatialBlocking(Region, PV, Device))
    return E;
  if (llvm::Error E = sizeTiles(Region, Limits))
    return E;
  Observe("spatial-blocking", Region);
  applyTemporalBlocking(Region, PV.T);
  if (llvm::Error E = sizeTiles(Region, Limits))
    return E;
  Observe("temporal-blocking", Region);
  return llvm::Error::success();
}

/// The mapping of one stage of a multi-stage region, chosen as for a
/// region of its own; appends to `Explanation` why.
static llvm::Error mapStage(ir::StencilRegion &Stage,
                            const DeviceProfile &Device,
                            const PipelineOptions &Options,
                            std::string &Explanation) {
  auto Ignore = [](const std::string &, const ir::StencilRegion &) {};
  bool CopyStage = Stage.calcPoints() == 0;
  if (CopyStage || Options.ForceNaive) {
    mapNaive(Stage, Device);
    Explanation += CopyStage ? "  a copy kernel\n"
                             : "  naive mapping requested (--params=naive)\n";
    return llvm::Error::success();
  }
  if (Options.Params) {
    Explanation += "  parameters given with --params\n";
    return applyBlocking(Stage, Device, *Options.Params, Options.LocalMemory,
                         Ignore);
  }
  llvm::Expected<Selection> S =
      selectParameters(Stage, Device, selectionOptions(Options));
  if (!S)
    return S.takeError();
  Explanation += explainSelection(*S, Device);
  if (!S->Naive) {
    llvm::Error E =
        applyBlocking(Stage, Device, S->PV, Options.LocalMemory, Ignore);
    if (!E)
      return llvm::Error::success();
    Explanation += "  the blocked mapping cannot be applied (" +
                   llvm::toString(std::move(E)) + "); naive mapping instead\n";
  }
  mapNaive(Stage, Device);
  return llvm::Error::success();
}

/// Fuses the stages of a multi-stage region into one kernel when they can
/// share one and a blocked vector is given or chosen; returns false (and
/// says why in `Explanation`) when the stages run as kernels of their own.
static bool fuseStages(ir::StencilRegion &Region, const DeviceProfile &Device,
                       const PipelineOptions &Options,
                       std::string &Explanation) {
  if (Options.ForceNaive) {
    Explanation += "  naive mapping requested (--params=naive): one kernel "
                   "per stage\n";
    return false;
  }
  if (std::string Blocker = fusionBlocker(Region); !Blocker.empty()) {
    Explanation += "  one kernel per stage: the stages cannot share a kernel "
                   "(" +
                   Blocker + ")\n";
    return false;
  }
  ParameterVector PV;
  if (Options.Params) {
    PV = *Options.Params;
    Explanation += "  parameters given with --params\n";
  } else {
    llvm::Expected<Selection> S =
        selectParameters(Region, Device, selectionOptions(Options));
    if (!S) {
      Explanation +=
          "  one kernel per stage: " + toString(S.takeError()) + "\n";
      return false;
    }
    Explanation += explainSelection(*S, Device);
    if (S->Naive) {
      Explanation += "  the naive mapping wins: one kernel per stage\n";
      return false;
    }
    PV = S->PV;
  }
  if (llvm::Error E =
          applyStageFusion(Region, PV, Device, Options.LocalMemory.Static)) {
    Explanation += "  one kernel per stage: the stages cannot be fused with " +
                   PV.str() + " (" + toString(std::move(E)) + ")\n";
    return false;
  }
  Explanation += "  the " + std::to_string(Region.Stages.size()) +
                 " stages of a step run in one kernel, T=" +
                 std::to_string(Region.Map.TimeBlock) +
                 (Region.Map.TimeBlockNote.empty()
                      ? ""
                      : " (" + Region.Map.TimeBlockNote + ")") +
                 "\n";
  return true;
}

/// Multi-stage regions: the stages of a step fused into one kernel where
/// they can be, else each stage mapped on its own and run as its own
/// kernel, one step per launch.
static llvm::Error runStagePipeline(ir::StencilRegion &Region,
                                    const DeviceProfile &Device,
                                    const PipelineOptions &Options,
                                    const PassObserver &Observe) {
  const ir::StencilRegion Unmapped = Region;
  std::string Explanation;
  if (fuseStages(Region, Device, Options, Explanation)) {
    if (!Options.Params)
      noteSlowConstructs(Region, Unmapped, Device, selectionOptions(Options));
    Observe("stage-fusion", Region);
    if (Options.Explain)
      Options.Explain(Explanation);
    return llvm::Error::success();
  }
  for (unsigned I = 0; I < Region.Stages.size(); ++I) {
    ir::StencilRegion Stage = ir::stageView(Region, I);
    Explanation += "  stage " + std::to_string(I + 1) + " (" +
                   Stage.SourceFile + ":" + std::to_string(Stage.SourceLine) +
                   "):\n";
    if (llvm::Error E = mapStage(Stage, Device, Options, Explanation))
      return E;
    Region.Stages[I].Map = Stage.Map;
  }
  // The stages carry the mappings; the region has none of its own.
  Region.Map = ir::Mapping();
  if (!Options.Params && !Options.ForceNaive)
    noteSlowConstructs(Region, Unmapped, Device, selectionOptions(Options));
  Region.Copy.StrategyReason =
      "the region's copy nests, if any, are stages of their own";
  Observe("stage-mapping", Region);
  if (Options.Explain)
    Options.Explain(Explanation);
  return llvm::Error::success();
}

/// A pair that runs several sweeps per launch: which kernel shows which
/// boundary, decided at region entry (PingPong.h).
static std::string explainPingPongBoundaries(const ir::StencilRegion &Pair) {
  const ir::CopyAssignment &C = Pair.Copy.Assignments.front();
  const std::string &A = Pair.Fields[C.TargetField].Name;
  const std::string &B = Pair.Fields[C.ValueField].Name;
  return "  ping-pong pair, up to " + std::to_string(Pair.Map.TimeBlock) +
         " sweeps per launch: " + A + " and " + B +
         " keep their own boundaries, which the odd sweeps of a launch read "
         "from the other array; at region entry the program compares them "
         "outside the calc range, and where they agree the launches run the "
         "calc + copy form's kernel, which reads no other array\n";
}

static llvm::Error mapStencilRegion(ir::StencilRegion &Region,
                                    const DeviceProfile &Device,
                                    const PipelineOptions &Options,
                                    const PassObserver &Observe);

llvm::Expected<ir::LoweredRegion>
runStencilPipeline(ir::StencilRegion &Region, const DeviceProfile &Device,
                   const PipelineOptions &Options,
                   const PassObserver &Observe) {
  if (llvm::Error E = mapStencilRegion(Region, Device, Options, Observe))
    return std::move(E);
  decideStreamShapes(Region, Options.Target);
  Observe("stream-shape", Region);
  if (Options.Explain && Region.Map.streams() && !Region.Map.fused())
    Options.Explain("  stream shape: " +
                    ir::describeStreamShape(Region, Region.Map.Shape) + "\n");
  if (Options.Explain && Region.PingPong && Region.Map.TimeBlock > 1)
    Options.Explain(explainPingPongBoundaries(Region));
  if (Options.Explain)
    Options.Explain(explainDevices(Region, Device));
  // The device lowering: the regions the back end prints.
  return lowerForDevice(Region, reservedWords(Options.Target.Language),
                        Observe);
}

static llvm::Error mapStencilRegion(ir::StencilRegion &Region,
                                    const DeviceProfile &Device,
                                    const PipelineOptions &Options,
                                    const PassObserver &Observe) {
  if (Region.multiStage() && pingPongBlocker(Region).empty()) {
    foldPingPong(Region);
    Observe("ping-pong", Region);
  }
  if (pointerRotation(Region)) {
    foldPointerRotation(Region);
    Observe("pointer-rotation", Region);
  }
  if (Region.multiStage())
    return runStagePipeline(Region, Device, Options, Observe);
  eliminateCopy(Region);
  Observe("copy-elimination", Region);
  if (Options.Params) {
    const ParameterVector &PV = *Options.Params;
    if (llvm::Error E =
            applyBlocking(Region, Device, PV, Options.LocalMemory, Observe))
      return E;
    if (Options.Explain)
      Options.Explain(
          "  parameters given with --params\n" +
          explainPrediction(analyseStencil(Region), Device,
                            ParameterVector{PV.W, PV.H, PV.D,
                                            Region.Map.TimeBlock, PV.P, PV.C}));
    return llvm::Error::success();
  }
  if (Options.ForceNaive) {
    mapNaive(Region, Device);
    Observe("naive-mapping", Region);
    if (Options.Explain)
      Options.Explain(
          "  naive mapping requested (--params=naive)\n" +
          explainPrediction(analyseStencil(Region), Device, std::nullopt));
    return llvm::Error::success();
  }

  // No --params: the static parameter search decides.
  const ir::StencilRegion Unmapped = Region;
  llvm::Expected<Selection> S =
      selectParameters(Region, Device, selectionOptions(Options));
  if (!S)
    return S.takeError();
  std::string Explanation = explainSelection(*S, Device);
  bool Blocked = false;
  if (!S->Naive) {
    if (llvm::Error E =
            applyBlocking(Region, Device, S->PV, Options.LocalMemory, Observe))
      Explanation += "  the blocked mapping cannot be applied (" +
                     llvm::toString(std::move(E)) +
                     "); naive mapping instead\n";
    else
      Blocked = true;
  }
  if (!Blocked) {
    mapNaive(Region, Device);
    Observe("naive-mapping", Region);
  }
  noteSlowConstructs(Region, Unmapped, Device, selectionOptions(Options));
  if (choosesVectorAtRunTime(Region, Options))
    chooseVariants(Region, Unmapped, Device, Options, Explanation);
  chooseSameBoundaryMapping(Region, Unmapped, Device, Options, Explanation);
  if (Options.Explain)
    Options.Explain(Explanation);
  return llvm::Error::success();
}

} // namespace tilec
