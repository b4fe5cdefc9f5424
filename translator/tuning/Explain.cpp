//===- Explain.cpp - Print why the parameters were chosen ----------------===//
#include "tuning/Explain.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace tilec {

static void printGrid(llvm::raw_ostream &OS, const StencilFeatures &F) {
  OS << F.Dims << "D grid ";
  for (int A = static_cast<int>(F.Dims) - 1; A >= 0; --A)
    OS << F.Extent[A] << (A ? " x " : "");
  OS << " (x last), " << F.Steps << " steps; " << F.Arrays << " arrays, "
     << F.ReadArrays << " read by calc, " << F.Ops
     << " operators per point; BF_alg(1) = " << F.BytesPerPoint << " B / "
     << F.Ops << " ops = " << llvm::format("%.3f", bfAlg(F)) << "\n";
  for (const std::string &Assumption : F.Assumptions)
    OS << "  " << Assumption << "\n";
}

static const char *mark(bool Holds) { return Holds ? "ok" : "FAILS"; }

std::string explainPrediction(const StencilFeatures &F,
                              const DeviceProfile &Device,
                              std::optional<ParameterVector> PV) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Prediction P = predictRunTime(F, Device, PV);
  ModelFigures M = modelFigures(Device, F.Dims);
  OS << "  predicted run time (Ito et al.: T1 + I x T2 + T3) for "
     << (PV ? PV->str() : std::string("naive")) << ":\n";
  OS << "    T1 = " << formatSeconds(P.T1) << " (host to device, B1 "
     << llvm::format("%.3g", M.B1 / 1e9) << " GB/s " << M.B1Source << ", L1 "
     << formatSeconds(M.L1) << " " << M.L1Source << ")\n";
  OS << "    T2 = " << formatSeconds(P.T2) << " per launch ("
     << llvm::format("%.4g", P.LaunchBytes / 1e6) << " MB at B2 "
     << llvm::format("%.4g", M.B2 / 1e9) << " GB/s " << M.B2Source << ", L2 "
     << formatSeconds(M.L2) << " " << M.L2Source;
  if (PV && streams(F, *PV)) {
    // The streaming kernel's own figures (RunTimeModel.cpp), not the
    // blocked kernel's.
    StreamFigures S = streamFigures(M, F, *PV);
    OS << ", streaming: " << llvm::format("%.3g", S.ItemSeconds * 1e12)
       << " ps per point for a launch's first step + "
       << llvm::format("%.3g", S.LevelSeconds * 1e12) << " ps per further step"
       << S.Kernel;
    if (F.FusedStages)
      OS << " (fused stages)";
    if (S.Growth != 1)
      OS << " (x " << llvm::format("%.3g", S.Growth)
         << " per doubling of the group from 128 work items)";
    if (S.Factor != 1)
      OS << ", further steps x " << llvm::format("%.3g", S.Factor)
         << " for 8-byte elements";
    if (double Floor = streamRowFloor(M, S, F, *PV); Floor > 0)
      OS << ", row trips at least " << formatSeconds(S.RowSeconds)
         << " each: " << formatSeconds(Floor) << " per launch";
  } else {
    OS << ", per-item terms "
       << llvm::format("%.3g",
                       (PV ? M.BlockedItemSeconds : M.NaiveItemSeconds) * 1e12)
       << " ps";
    if (PV)
      OS << " + " << llvm::format("%.3g", M.BlockedStepSeconds * 1e12)
         << " ps per extra step";
  }
  OS << "), I = " << P.Launches << " launches\n";
  OS << "    T3 = " << formatSeconds(P.T3) << " (device to host, B3 "
     << llvm::format("%.3g", M.B3 / 1e9) << " GB/s " << M.B3Source << ", L3 "
     << formatSeconds(M.L3) << " " << M.L3Source << ")\n";
  OS << "    total " << formatSeconds(P.Total) << "; kernel device time "
     << formatSeconds(P.Launches * P.KernelSeconds) << " ("
     << llvm::format("%.1f", 1e-9 / P.SecondsPerPointStep) << " GStencil/s)\n";
  return Out;
}

std::string explainSelection(const Selection &S, const DeviceProfile &Device) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  const StencilFeatures &F = S.Features;
  OS << "  device " << Device.Name << ", rule " << selectionRuleName(S.Rule)
     << "\n  ";
  printGrid(OS, F);
  bool Paper =
      S.Rule == SelectionRule::PaperGPU || S.Rule == SelectionRule::PaperPhi;
  OS << "  BF_sys = " << llvm::format("%.4f", S.BFSys) << "; tile limit "
     << S.TileLimit << " bytes ("
     << (Paper ? "L1, every array read, halo r*T"
               : "local memory, staged fields, halo r*T, 2 copies if T > 1")
     << "); BF_alg(T) = "
     << (Paper ? "BF_alg(1) / T^(d+1)" : "BF_alg(1) / (T x redundancy)")
     << "\n";
  for (const std::string &N : S.Notes)
    if (N.rfind("T stays", 0) == 0)
      OS << "  " << N << "\n";
  unsigned I = 0;
  for (const SearchStep &St : S.Steps) {
    OS << "  step " << ++I << ": " << St.Clause << " -> " << St.Proposal.str()
       << ": " << (St.Adopted ? "adopted" : "rejected") << "\n";
    OS << "    tile " << St.TileBytes << " <= " << St.TileLimit << " B "
       << mark(St.TileFits) << "; BF_alg " << llvm::format("%.4f", St.BFAlg)
       << " >= BF_sys " << llvm::format("%.4f", St.BFSys) << " "
       << mark(St.MemoryBound) << "; work groups " << St.Groups
       << (Paper ? " > " : " >= ") << St.MinGroups << " "
       << mark(St.EnoughGroups) << "; group size " << St.GroupSize
       << " <= " << St.MaxGroupSize << " " << mark(St.GroupSizeOK)
       << "; fits grid and steps " << mark(St.FitsGrid) << "\n";
  }
  OS << "  search result: " << S.Searched.str() << "\n";
  for (const std::string &N : S.Notes)
    if (N.rfind("T stays", 0) != 0)
      OS << "  " << N << "\n";
  OS << "  chosen: " << (S.Naive ? std::string("naive") : S.PV.str()) << "\n";
  OS << explainPrediction(
      F, Device, S.Naive ? std::nullopt : std::optional<ParameterVector>(S.PV));
  OS << "  selection took " << llvm::format("%.1f", S.SearchSeconds * 1e6)
     << " us\n";
  return Out;
}

} // namespace tilec
