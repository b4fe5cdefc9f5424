//===- SizeAssumptions.h - Sizes tuning assumes for run-time ones -*- C++
//-*-===//
//
// Extents and step counts known only at run time (`data(float u[ny][nx])`,
// `step(t:nn)`) still need numbers for the run-time model that picks the
// parameter vector. `--assume=nx=8192,ny=8192,steps=100` gives them; the
// names are those the expressions use, and `steps` stands for any step
// count. What is not given takes the documented defaults below. The
// emitted code is correct for every size; only the choice depends on them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_SIZEASSUMPTIONS_H
#define TILEC_IR_SIZEASSUMPTIONS_H

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilec::ir {

/// Defaults: about 16 million points whatever the dimension, 100 steps.
constexpr int64_t DefaultAssumedExtent1D = 16777216;
constexpr int64_t DefaultAssumedExtent2D = 4096;
constexpr int64_t DefaultAssumedExtent3D = 256;
constexpr int64_t DefaultAssumedSteps = 100;

struct SizeAssumptions {
  /// Name -> value, from --assume.
  std::map<std::string, int64_t> Values;

  /// The value of an integer expression over assumed names, numbers,
  /// + - * / % and parentheses; nothing if it names something unknown.
  std::optional<int64_t> evaluate(const std::string &Text) const;

  /// The extent tuning assumes for `Text` in a grid of `Dims` axes, and
  /// whether it came from --assume (else it is the default).
  int64_t extent(const std::string &Text, unsigned Dims,
                 bool *Given = nullptr) const;
  /// The step count tuning assumes for a run-time count `Text`.
  int64_t steps(const std::string &Text, bool *Given = nullptr) const;

  /// The names given that nothing asked for: a typo, or a size the file
  /// does not have, which the user must hear about.
  std::vector<std::string> unused() const;
  /// The names something asked for, for the message ("nx, ny, steps").
  std::string askedNames() const;

private:
  mutable std::set<std::string> Asked;
};

/// Parses `name=value[,name=value...]`; false with `Error` set on a
/// malformed list or a value that is not a positive integer.
bool parseAssumptions(const std::string &List, SizeAssumptions &Out,
                      std::string &Error);

} // namespace tilec::ir

#endif
