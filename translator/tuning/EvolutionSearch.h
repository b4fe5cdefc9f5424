//===- EvolutionSearch.h - Static choice of (W,H,D,T) ----------*- C++ -*-===//
//
// The evolution-vector search of Tsunogawa et al. (2016): starting from
// PV = (1,1,1,1), a device rule proposes to grow one direction; the proposal
// is adopted when the tile fits on chip, the kernel stays memory-bound and
// there are enough work groups, and otherwise that direction is switched off.
// Rules: the paper's GPU and Xeon Phi rules (kept exactly for the paper's
// devices), a Hopper rule and a CPU rule, which also weigh the result
// against the naive mapping with the run-time model. Every step is recorded
// for --explain. docs/parameter-selection.md documents the readings chosen
// where the paper is ambiguous.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_EVOLUTIONSEARCH_H
#define TILEC_TUNING_EVOLUTIONSEARCH_H

#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"
#include "target/ParameterVector.h"
#include "tuning/ByteFlopRatio.h"
#include "tuning/RunTimeModel.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

enum class SelectionRule {
  PaperGPU, ///< The paper's GPU rule and its reading of the conditions.
  PaperPhi, ///< The paper's Xeon Phi rule.
  Hopper,   ///< Modern NVIDIA GPUs: physical conditions, then the model.
  CPU,      ///< CPU OpenCL (pocl): x first, then the model.
};

const char *selectionRuleName(SelectionRule Rule);

/// The profile's "selection_rule", or by kind: gpu -> paper-gpu,
/// phi -> paper-phi, cpu -> cpu.
llvm::Expected<SelectionRule> selectionRuleFor(const DeviceProfile &Device);

/// One proposal of the search and the numbers behind its verdict.
struct SearchStep {
  ParameterVector Proposal;
  char Direction = 'W'; ///< W, H, D or T.
  std::string Clause;   ///< The rule clause that proposed it.
  int64_t TileBytes = 0, TileLimit = 0;
  double BFAlg = 0, BFSys = 0;
  int64_t Groups = 0, MinGroups = 0;
  int64_t GroupSize = 0, MaxGroupSize = 0;
  bool TileFits = false, MemoryBound = false, EnoughGroups = false;
  bool GroupSizeOK = false, FitsGrid = false;
  bool Adopted = false;
};

struct Selection {
  SelectionRule Rule = SelectionRule::PaperGPU;
  /// The search's result: the vector the blocked mapping would use.
  ParameterVector Searched;
  /// The final choice: the naive mapping, or the blocked one with PV.
  bool Naive = false;
  ParameterVector PV;
  std::vector<SearchStep> Steps;
  /// Constraints that shaped the search (T forced to 1 and why, ...) and
  /// the naive-versus-blocked comparison.
  std::vector<std::string> Notes;
  StencilFeatures Features;
  Prediction Predicted; ///< For the final choice.
  std::optional<Prediction> NaivePrediction, BlockedPrediction;
  double BFSys = 0;
  int64_t TileLimit = 0;
  double SearchSeconds = 0; ///< Wall time of the selection itself.
};

struct SelectionOptions {
  /// Local memory a blocked kernel may declare; 0: the profile's
  /// staticLocalMemoryBytes() (static shared memory on NVIDIA GPUs).
  int64_t LocalMemoryLimit = 0;
  /// Local memory the single-stage streaming kernel may use (on CUDA
  /// sized at launch, beyond the static limit); 0: LocalMemoryLimit.
  int64_t StreamLocalMemoryLimit = 0;
  /// The target states the register cap of the streaming kernel of several
  /// points (CUDA: StreamRegisterCaps::SeveralPoints), so the search knows how
  /// many of its groups an SM holds.
  bool CapsRegisters = false;
  /// The OpenCL host builds the streaming kernel of 16 bytes of points per
  /// work item for this many registers (TargetTraits::BuildRegisterCap, where
  /// the device is NVIDIA's), 0 where it states no bound
  /// (StreamLimits::BuiltRegisterCap).
  int64_t BuiltRegisterCap = 0;
};

/// Chooses the mapping of `Region` on `Device` without running anything.
llvm::Expected<Selection>
selectParameters(const ir::StencilRegion &Region, const DeviceProfile &Device,
                 const SelectionOptions &Options = {});

/// The same on features built by hand (unit tests).
llvm::Expected<Selection>
selectParameters(const StencilFeatures &Features, const DeviceProfile &Device,
                 const SelectionOptions &Options = {});

} // namespace tilec

#endif
