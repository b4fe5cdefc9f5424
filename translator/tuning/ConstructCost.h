//===- ConstructCost.h - What a statement of the time loop costs -*- C++
//-*-===//
//
// A host statement in the time loop (a progress line, a checksum) runs
// between steps, so every step is a launch of its own. The user rarely
// guesses that one fprintf can cost most of the speed; this pass prices it
// with the same search that chose the mapping, and records the result in
// the IR, where the driver warns.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_CONSTRUCTCOST_H
#define TILEC_TUNING_CONSTRUCTCOST_H

#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"
#include "tuning/EvolutionSearch.h"

namespace tilec {

/// A mapping without the construct must be predicted at least this much
/// faster before the user is told.
constexpr double SlowConstructSpeedup = 1.1;

/// Sets `Region.SlowedBy` when `Region`, mapped, runs one step per launch,
/// its time loop (`Unmapped`, the region before mapping) holds host
/// statements, and the search predicts a faster mapping without them.
void noteSlowConstructs(ir::StencilRegion &Region,
                        const ir::StencilRegion &Unmapped,
                        const DeviceProfile &Device,
                        const SelectionOptions &Options);

} // namespace tilec

#endif
