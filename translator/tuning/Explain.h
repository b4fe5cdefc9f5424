//===- Explain.h - Print why the parameters were chosen --------*- C++ -*-===//
//
// `--explain`: the inputs of the search, every proposal with the numbers
// behind the three adoption conditions and its verdict, the final vector and
// the predicted run time.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_EXPLAIN_H
#define TILEC_TUNING_EXPLAIN_H

#include "tuning/EvolutionSearch.h"

#include <string>

namespace tilec {

std::string explainSelection(const Selection &S, const DeviceProfile &Device);

/// The prediction alone (for a vector given with --params).
std::string explainPrediction(const StencilFeatures &F,
                              const DeviceProfile &Device,
                              std::optional<ParameterVector> PV);

} // namespace tilec

#endif
