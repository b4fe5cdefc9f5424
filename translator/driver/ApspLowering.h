//===- ApspLowering.h - Choose parameters for the apsp regions --*- C++ -*-===//
//
// The apsp regions' one lowering step: the FW tile choice (or the --params
// override), with --explain, --dump-ir and --dump-params output. Kept apart
// from the stencil pipeline, which has passes of its own.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_APSPLOWERING_H
#define TILEC_DRIVER_APSPLOWERING_H

#include "frontend/Diagnostics.h"
#include "frontend/StencilFrontendAction.h"
#include "ir/ApspIR.h"
#include "target/DeviceProfile.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace tilec {

struct ApspLoweringOptions {
  std::optional<ir::FwParams> Override; ///< --params=fw:t,TM,TN,l
  int64_t LocalMemoryLimit = 48 * 1024;
  /// The most registers a kernel's cap may give a thread where the target
  /// states caps in the kernel (TargetTraits), else 0: no cap.
  int64_t MaxRegistersPerThread = 0;
  bool Explain = false;    ///< Print how the parameters were chosen.
  bool DumpIR = false;     ///< Print the IR after lowering.
  bool DumpParams = false; ///< Print the parameters in --params syntax.
};

/// Lowers every apsp region of `Found`, printing what the options ask for
/// to `OS`. Reports a diagnostic at the region for parameters that cannot
/// be used; returns false then.
bool lowerApspRegions(FrontendResult &Found, const DeviceProfile &Device,
                      const ApspLoweringOptions &Options,
                      DiagnosticReporter &Diags, llvm::raw_ostream &OS);

} // namespace tilec

#endif
