//===- FwTile.h - Static choice of the blocked Floyd-Warshall tile -*- C++
//-*-===//
//
// The FW tile rule (Okuyama et al.; spec parameter-selection.md "FW tile"):
// the smallest power-of-two tile t >= 16 whose off-chip bytes per operation
// N_b/N_c stay below the device's bytes per operation b/c, shrunk until the
// pivot kernels' tiles fit on chip; then the non-pivot kernel's register tile
// (elements per thread), tiles per block and slice depth so that it keeps
// its accumulators in registers, fits local memory and has enough blocks.
// `--params=fw:t,TM,TN,l` overrides the choice and is checked the same way.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_FWTILE_H
#define TILEC_TUNING_FWTILE_H

#include "ir/ApspIR.h"
#include "rules/ApspTileRules.h"
#include "target/DeviceProfile.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// Parses "fw:t,TM,TN,l" (powers of two; TM and TN divide t).
llvm::Expected<ir::FwParams> parseFwParams(llvm::StringRef Text);

/// N_b/N_c: off-chip bytes per add or min of blocked FW with tile `Tile` on
/// an n x n matrix of `ElementBytes`-byte elements.
double fwBytesPerOperation(int64_t N, int64_t Tile, int64_t ElementBytes);

/// Chooses the parameters for `Region` on `Device` (or completes and checks
/// `Override`), filling the derived fields. `Explain` receives one line per
/// step of the decision.
llvm::Expected<ir::FwParams>
chooseFwParams(const ir::ApspRegion &Region, const DeviceProfile &Device,
               int64_t LocalMemoryLimit,
               const std::optional<ir::FwParams> &Override,
               std::vector<std::string> &Explain);

} // namespace tilec

#endif
