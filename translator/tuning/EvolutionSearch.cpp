//===- EvolutionSearch.cpp - Static choice of (W,H,D,T) ------------------===//
#include "tuning/EvolutionSearch.h"
#include "tuning/StreamSearch.h"
#include "tuning/StreamWaves.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace tilec {

const char *selectionRuleName(SelectionRule Rule) {
  switch (Rule) {
  case SelectionRule::PaperGPU:
    return "paper-gpu";
  case SelectionRule::PaperPhi:
    return "paper-phi";
  case SelectionRule::Hopper:
    return "hopper";
  case SelectionRule::CPU:
    return "cpu";
  }
  return "?";
}

llvm::Expected<SelectionRule> selectionRuleFor(const DeviceProfile &D) {
  const std::string &Name = D.SelectionRuleName;
  if (Name.empty())
    return D.Kind == DeviceKind::Phi   ? SelectionRule::PaperPhi
           : D.Kind == DeviceKind::CPU ? SelectionRule::CPU
                                       : SelectionRule::PaperGPU;
  for (SelectionRule R : {SelectionRule::PaperGPU, SelectionRule::PaperPhi,
                          SelectionRule::Hopper, SelectionRule::CPU})
    if (Name == selectionRuleName(R))
      return R;
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "device profile " + D.Path +
                                     ": unknown selection_rule '" + Name +
                                     "' (paper-gpu, paper-phi, hopper or cpu)");
}

namespace {

enum Dir { X = 0, Y = 1, Z = 2, TT = 3 };
const char DirName[4] = {'W', 'H', 'D', 'T'};

/// The search's state and the device's limits.
class Search {
public:
  Search(const StencilFeatures &F, const DeviceProfile &D, SelectionRule Rule,
         Selection &S, int64_t TileLimit)
      : F(F), Rule(Rule), S(S) {
    Paper = Rule == SelectionRule::PaperGPU || Rule == SelectionRule::PaperPhi;
    // The paper's rules widen x to a warp of 32 on both devices; the
    // modern rules use the profile's warp or vector width.
    Warp =
        Paper ? 32 : static_cast<int64_t>(D.figure("warp_width").value_or(32));
    MaxGroup = D.maxWorkGroupSize();
    if (!Paper)
      if (auto Cap = D.figure("max_blocked_group_items"))
        MaxGroup = std::min(MaxGroup, static_cast<int64_t>(*Cap));
    MinGroups = static_cast<int64_t>(D.figure("min_work_groups").value_or(1));
    double Bandwidth = D.figure("kernel_bandwidth_gbs")
                           .value_or(*D.figure("memory_bandwidth_gbs"));
    if (Paper)
      Bandwidth = *D.figure("memory_bandwidth_gbs");
    BFSys = D.figure("bf_sys").value_or(Bandwidth / *D.figure("peak_gflops"));
    MaxT = std::min<int64_t>(
        F.Steps, static_cast<int64_t>(
                     D.figure("max_time_block").value_or(double(F.Steps))));
    this->TileLimit = TileLimit;
    S.BFSys = BFSys;
    S.TileLimit = TileLimit;
  }

  void run() {
    ParameterVector PV;
    bool EV[4] = {true, F.Dims >= 2, F.Dims >= 3, true};
    if (!F.SingleStepReason.empty()) {
      EV[TT] = false;
      S.Notes.push_back("T stays 1: " + F.SingleStepReason);
    } else if (MaxT <= 1) {
      EV[TT] = false;
      S.Notes.push_back("T stays 1: the region runs " +
                        std::to_string(F.Steps) + " step(s)");
    }
    bool XStoppedByMemory = false;
    for (int Guard = 0; Guard < 256; ++Guard) {
      std::string Clause;
      int Grow = propose(PV, EV, XStoppedByMemory, Clause);
      if (Grow < 0)
        break;
      ParameterVector Next = PV;
      if (Grow == X)
        Next.W = Clause.rfind("W < ", 0) == 0 ? Warp : PV.W * 2;
      else if (Grow == Y)
        Next.H *= 2;
      else if (Grow == Z)
        Next.D *= 2;
      else
        Next.T = Paper ? PV.T + 1 : PV.T * 2;
      SearchStep Step = evaluate(Next);
      Step.Direction = DirName[Grow];
      Step.Clause = Clause;
      S.Steps.push_back(Step);
      if (Step.Adopted) {
        PV = Next;
        continue;
      }
      EV[Grow] = false;
      if (Grow == X && !Step.TileFits)
        XStoppedByMemory = true;
    }
    S.Searched = PV;
  }

private:
  const StencilFeatures &F;
  SelectionRule Rule;
  Selection &S;
  bool Paper = false;
  int64_t Warp = 32, MaxGroup = 1024, MinGroups = 1, TileLimit = 0, MaxT = 1;
  double BFSys = 0;

  double bf(const ParameterVector &PV) const {
    return Paper ? bfAlgPaper(F, PV.T) : bfAlgBlocked(F, PV);
  }

  /// The rule's next direction, or -1 when none is left. Directions whose
  /// EV element is 0 are passed over: a clause that names one falls
  /// through to the next clause.
  int propose(const ParameterVector &PV, const bool EV[4],
              bool XStoppedByMemory, std::string &Clause) const {
    if (EV[X] && PV.W < Warp) {
      Clause = "W < " + std::to_string(Warp) + ": W = " + std::to_string(Warp);
      return X;
    }
    if (EV[TT] && bf(PV) >= BFSys) {
      Clause = Paper ? "memory-bound: T = T + 1" : "memory-bound: T = 2T";
      return TT;
    }
    bool XFirst = Rule == SelectionRule::PaperPhi || Rule == SelectionRule::CPU;
    if (XFirst) {
      if (EV[X]) {
        Clause = "W = 2W (x first: vector units)";
        return X;
      }
      // The paper's text: y and z grow on the Xeon Phi only once x was
      // stopped by on-chip memory.
      if (Rule == SelectionRule::PaperPhi && !XStoppedByMemory)
        return -1;
    } else if (EV[X] && PV.W == PV.D) {
      Clause = "W == D: W = 2W";
      return X;
    }
    if (EV[Y] && PV.H == PV.D) {
      Clause = "H == D: H = 2H";
      return Y;
    }
    if (EV[Z]) {
      Clause = "D = 2D";
      return Z;
    }
    // The pseudo-code does not say what happens when D may not grow (2D
    // and 1D grids, or D switched off). Reading that reproduces Table 6:
    // the next axis down takes over, y before x.
    if (EV[Y]) {
      Clause = "D fixed: H = 2H";
      return Y;
    }
    if (EV[X]) {
      Clause = "H and D fixed: W = 2W";
      return X;
    }
    return -1;
  }

  SearchStep evaluate(const ParameterVector &PV) const {
    SearchStep St;
    St.Proposal = PV;
    St.TileBytes = Paper ? paperTileBytes(F, PV) : stagedTileBytes(F, PV);
    St.TileLimit = TileLimit;
    St.TileFits = St.TileBytes <= TileLimit;
    St.BFAlg = bf(PV);
    St.BFSys = BFSys;
    St.MemoryBound = St.BFAlg >= BFSys;
    St.Groups = workGroupCount(F, PV);
    St.MinGroups = MinGroups;
    // Paper reading: a count equal to N_wg is not enough (Table 6).
    St.EnoughGroups = Paper ? St.Groups > MinGroups : St.Groups >= MinGroups;
    St.GroupSize = PV.W * PV.H * PV.D;
    St.MaxGroupSize = MaxGroup;
    St.GroupSizeOK = St.GroupSize <= MaxGroup;
    St.FitsGrid = PV.W <= F.Extent[0] && PV.H <= F.Extent[1] &&
                  PV.D <= F.Extent[2] && PV.T <= MaxT;
    St.Adopted = St.TileFits && St.MemoryBound && St.EnoughGroups &&
                 St.GroupSizeOK && St.FitsGrid;
    return St;
  }
};

std::string perPoint(const Prediction &P) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.3g ps per point-step",
                P.SecondsPerPointStep * 1e12);
  return Buf;
}

} // namespace

/// The limits the streaming search shares with the evolution search.
static StreamLimits streamLimits(const StencilFeatures &F,
                                 const DeviceProfile &D, int64_t TileLimit,
                                 const SelectionOptions &Options) {
  StreamLimits L;
  L.TileLimit = TileLimit;
  L.RegisterCap =
      Options.CapsRegisters ? cudaStreamRegisterCaps(D).SeveralPoints : 0;
  L.BuiltRegisterCap = Options.BuiltRegisterCap;
  L.MaxCappedGroup =
      std::min(D.maxWorkGroupSize(), cappedItemsPerSM(D, L.RegisterCap));
  L.Warp = static_cast<int64_t>(D.figure("warp_width").value_or(32));
  L.MaxGroup = D.maxWorkGroupSize();
  if (auto Cap = D.figure("max_blocked_group_items"))
    L.MaxGroup = std::min(L.MaxGroup, static_cast<int64_t>(*Cap));
  L.MinGroups = static_cast<int64_t>(D.figure("min_work_groups").value_or(1));
  auto Count = [&](const char *Key) {
    return static_cast<int64_t>(D.figure(Key).value_or(0));
  };
  L.MaxLevels = Count("stream_levels_per_item");
  L.MaxChainedLevels = Count("stream_chained_levels_per_item");
  L.MaxWideLevels = Count("stream_wide_levels_per_item");
  L.MaxPointWords = Count("stream_point_words_per_item");
  L.PointsMaxGroup = Count("stream_points_max_group_items");
  L.CountedGroupItems3D = Count("stream_counted_group_items");
  L.RunTimePointsGroupShare =
      D.figure("stream_runtime_points_group_share").value_or(1);
  L.MaxT = F.SingleStepReason.empty()
               ? std::min<int64_t>(F.Steps,
                                   static_cast<int64_t>(
                                       D.figure("max_time_block").value_or(1)))
               : 1;
  return L;
}

llvm::Expected<Selection> selectParameters(const StencilFeatures &F,
                                           const DeviceProfile &D,
                                           const SelectionOptions &Options) {
  auto Start = std::chrono::steady_clock::now();
  llvm::Expected<SelectionRule> Rule = selectionRuleFor(D);
  if (!Rule)
    return Rule.takeError();
  Selection S;
  S.Rule = *Rule;
  S.Features = F;
  bool Paper =
      *Rule == SelectionRule::PaperGPU || *Rule == SelectionRule::PaperPhi;
  // The paper's tile is its S_cache, the L1 size; the modern rules hold the
  // tile the kernels really stage to the local memory they may declare.
  int64_t TileLimit =
      Paper ? static_cast<int64_t>(D.figure("l1_bytes").value_or(0))
      : Options.LocalMemoryLimit > 0 ? Options.LocalMemoryLimit
                                     : D.staticLocalMemoryBytes();
  // Fused stages keep their rings in static local memory (StageFusion).
  int64_t StreamTileLimit =
      Options.StreamLocalMemoryLimit > 0 && !F.FusedStages
          ? std::max(Options.StreamLocalMemoryLimit, TileLimit)
          : TileLimit;
  Search(F, D, *Rule, S, TileLimit).run();
  S.PV = S.Searched;
  if (Paper) {
    S.Predicted = predictRunTime(F, D, S.PV);
  } else {
    // The modern rules block only when the calibrated model predicts a
    // clear gain over the naive mapping, which the profile's measured
    // figures (docs/parameter-selection.md) say is often faster.
    Prediction Naive = predictRunTime(F, D, std::nullopt);
    Prediction Blocked = predictRunTime(F, D, S.Searched);
    StreamLimits Limits = streamLimits(F, D, StreamTileLimit, Options);
    if (*Rule == SelectionRule::Hopper)
      if (std::optional<StreamChoice> Stream = bestStreamed(F, D, Limits)) {
        double StreamKernels =
            Stream->Predicted.Launches * Stream->Predicted.KernelSeconds;
        bool Better = StreamKernels < Blocked.Launches * Blocked.KernelSeconds;
        // Where the launch sizes local memory, say so and whether the
        // fastest vector's rings need it.
        std::string Limit, Sized;
        if (StreamTileLimit > TileLimit) {
          Limit = " (rings up to " + std::to_string(StreamTileLimit) +
                  " bytes, sized at launch beyond " +
                  std::to_string(TileLimit) + ")";
          int64_t Bytes = streamTileBytes(F, Stream->PV);
          if (Bytes > TileLimit)
            Sized = "; rings of " + std::to_string(Bytes) +
                    " bytes, sized at launch";
        }
        S.Notes.push_back("streaming kernel (the outermost axis one deep): " +
                          std::to_string(Stream->Feasible) + " of " +
                          std::to_string(Stream->Considered) + " vectors fit" +
                          Limit + "; the fastest predicted is " +
                          Stream->PV.str() + " (" +
                          perPoint(Stream->Predicted) + Sized + "), " +
                          (Better ? "faster than " : "not faster than ") +
                          S.Searched.str() + " (" + perPoint(Blocked) + ")");
        if (Better) {
          S.PV = Stream->PV;
          Blocked = Stream->Predicted;
          std::string Waves = explainChunkByWaves(
              F, D, wavesRegisterCap(F, Limits, S.PV), S.PV);
          if (!Waves.empty())
            S.Notes.push_back(Waves);
        }
      }
    S.NaivePrediction = Naive;
    S.BlockedPrediction = Blocked;
    double Margin = D.figure("blocked_margin").value_or(0.05);
    bool Trivial = S.PV.W * S.PV.H * S.PV.D == 1;
    // Transfers are the same either way: compare the kernels' device time
    // (what the sweep measured with events and the per-item figures were
    // fitted to).
    double NaiveKernels = Naive.Launches * Naive.KernelSeconds;
    double BlockedKernels = Blocked.Launches * Blocked.KernelSeconds;
    S.Naive = Trivial || BlockedKernels > NaiveKernels * (1 - Margin);
    S.Predicted = S.Naive ? Naive : Blocked;
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%.0f%%", Margin * 100);
    S.Notes.push_back(std::string(S.Naive ? "naive mapping chosen"
                                          : "blocked mapping chosen") +
                      ": predicted kernel time " +
                      formatSeconds(BlockedKernels) + " blocked (" +
                      perPoint(Blocked) + ") against " +
                      formatSeconds(NaiveKernels) + " naive (" +
                      perPoint(Naive) + "); blocking must win by " + Buf);
  }
  S.SearchSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return S;
}

llvm::Expected<Selection> selectParameters(const ir::StencilRegion &R,
                                           const DeviceProfile &D,
                                           const SelectionOptions &Options) {
  auto Start = std::chrono::steady_clock::now();
  StencilFeatures F = analyseStencil(R);
  llvm::Expected<Selection> S = selectParameters(F, D, Options);
  if (S)
    S->SearchSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
  return S;
}

} // namespace tilec
