//===- ApspLowering.cpp - Choose parameters for the apsp regions ---------===//
#include "driver/ApspLowering.h"

#include "rules/ApspTileRules.h"

#include "tuning/FwTile.h"
#include "tuning/SlabModel.h"

namespace tilec {

bool lowerApspRegions(FrontendResult &Found, const DeviceProfile &Device,
                      const ApspLoweringOptions &Options,
                      DiagnosticReporter &Diags, llvm::raw_ostream &OS) {
  bool Ok = true;
  for (size_t I = 0; I < Found.ApspRegions.size(); ++I) {
    ir::ApspRegion &R = Found.ApspRegions[I];
    std::vector<std::string> Explanation;
    llvm::Expected<ir::FwParams> Params = chooseFwParams(
        R, Device, Options.LocalMemoryLimit, Options.Override, Explanation);
    if (Options.Explain)
      for (const std::string &Line : Explanation)
        OS << "; explain: " << Line << "\n";
    if (!Params) {
      Diags.report(Found.ApspBound[I].Begin->NameLoc, Diag::ApspParamsRejected)
          << llvm::toString(Params.takeError());
      Ok = false;
      continue;
    }
    R.Params = *Params;
    R.Params.RestRegisters =
        fwRestRegisterCap(R, R.Params, Options.MaxRegistersPerThread);
    if (Options.Explain)
      for (const std::string &Line : explainApspDevices(R, Device))
        OS << "; explain: " << Line << "\n";
    if (Options.DumpIR)
      OS << ir::printApspRegion(R);
    if (Options.DumpParams)
      OS << "# " << R.Name << " (" << R.SourceFile << ":" << R.SourceLine
         << "): apsp, " << R.Params.Origin << "\n"
         << R.Params.str() << "\n";
  }
  return Ok;
}

} // namespace tilec
