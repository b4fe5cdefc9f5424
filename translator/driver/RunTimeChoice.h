//===- RunTimeChoice.h - Vectors picked at region entry -------*- C++ -*-===//
//
// With extents known only at run time the best vector depends on sizes
// tilec cannot see. The static search runs for a few classes of grid sizes
// instead of one; when the model prefers different vectors for different
// classes, the region carries each as a variant (VariantView.h) and the
// emitted enter() picks, from the actual extents, the vector of the class
// nearest in points, without trial runs.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DRIVER_RUNTIMECHOICE_H
#define TILEC_DRIVER_RUNTIMECHOICE_H

#include "driver/Pipeline.h"

namespace tilec {

/// Whether the region's vector can be picked at run time: extents known
/// only at run time, the paper's form (one calc, a copy nest that is a
/// swap or none), no reduction, no vector given.
bool choosesVectorAtRunTime(const ir::StencilRegion &Region,
                            const PipelineOptions &Options);

/// Fills Region.Variants from `Unmapped` (the region before mapping, at
/// the assumed sizes) when the size classes' vectors differ, and appends
/// the table enter() uses to `Explanation`.
void chooseVariants(ir::StencilRegion &Region,
                    const ir::StencilRegion &Unmapped,
                    const DeviceProfile &Device, const PipelineOptions &Options,
                    std::string &Explanation);

/// A ping-pong pair with several sweeps per launch and extents known only
/// at run time (3D): gives its calc + copy form's kernel, which runs where
/// the arrays agree outside the calc range, the vector the search picks for
/// that form (Region.SameBoundaryMap) where it streams and differs from the
/// pair's, and says so in `Explanation`. The pair's own kernel keeps
/// several points per work item out (they spill there).
void chooseSameBoundaryMapping(ir::StencilRegion &Region,
                               const ir::StencilRegion &Unmapped,
                               const DeviceProfile &Device,
                               const PipelineOptions &Options,
                               std::string &Explanation);

} // namespace tilec

#endif
