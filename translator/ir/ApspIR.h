//===- ApspIR.h - The all-pairs shortest path region ------------*- C++ -*-===//
//
// What the front end learned from a `#pragma apsp` region: the distance
// matrix (and path matrix) with its element type and size, the loop
// variables, and which update form the user wrote. The FW tile step adds the
// blocking parameters; the back ends print kernels and host code from it.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_APSPIR_H
#define TILEC_IR_APSPIR_H

#include "tilec/directives/ApspDirective.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilec {
namespace ir {

/// What the path update stores when D[i][j] improves through k.
enum class PathSource {
  Pivot,        ///< P[i][j] = k (an intermediate vertex)
  RowToPivot,   ///< P[i][j] = P[i][k] (successor matrix)
  PivotToColumn ///< P[i][j] = P[k][j] (predecessor matrix)
};

const char *pathSourceName(PathSource S);

/// The user's spelling of the relaxation (all mean the same min-plus update).
enum class UpdateForm {
  IfLess,      ///< if (D[i][k] + D[k][j] < D[i][j]) D[i][j] = ...;
  IfLessEqual, ///< the same with <=
  MinCall,     ///< D[i][j] = f(D[i][j], D[i][k] + D[k][j]), f a minimum
  Ternary      ///< D[i][j] = (... < ...) ? ... : ..., or a min macro
};

const char *updateFormName(UpdateForm F);

struct ApspPath {
  std::string Name;
  PathSource Source = PathSource::Pivot;
};

/// Blocked Floyd-Warshall parameters (docs/directives.md, "apsp").
struct FwParams {
  int64_t Tile = 32;         ///< t: tiles are t x t.
  int64_t ThreadRows = 4;    ///< Non-pivot kernel: rows each thread owns.
  int64_t ThreadCols = 4;    ///< Non-pivot kernel: columns each thread owns.
  int64_t TilesPerBlock = 1; ///< l: consecutive tiles of a row per block.

  // Derived by completeFwParams().
  int64_t PaddedN = 0;   ///< N rounded up to a multiple of l * t.
  int64_t KChunk = 0;    ///< Pivot slice depth staged per barrier.
  int64_t PivotRows = 0; ///< Pivot kernels: rows each thread owns.
  /// The panel kernel relaxes its tile as one (min, +) product with the
  /// closed pivot tile instead of pivot by pivot (no path matrix, and both
  /// tiles fit in local memory).
  bool PanelProduct = false;
  /// The non-pivot kernel of round K closes round K + 1's pivot tile (no
  /// path matrix, and its threads cover whole tile rows): only round 0
  /// launches the pivot kernel.
  bool PivotInRest = false;
  /// Registers per thread the non-pivot kernel is capped at, 0 for none
  /// (fwRestRegisterCap; set where the region is lowered, for the target).
  int64_t RestRegisters = 0;
  std::string Origin; ///< "chosen" or "--params".

  int64_t blockRows() const { return Tile / ThreadRows; }
  int64_t blockCols() const { return TilesPerBlock * Tile / ThreadCols; }
  int64_t tiles() const { return PaddedN / Tile; }
  /// `--params` / `--dump-params` syntax: fw:t,TM,TN,l.
  std::string str() const;
};

struct ApspRegion {
  std::string Name; ///< Kernel name prefix, e.g. "apsp".
  std::string SourceFile;
  unsigned SourceLine = 0;

  ApspElementType Type = ApspElementType::Int;
  std::string Distance; ///< The host array.
  /// The matrices' extent. Known only at run time (`data(int D[n][n])`):
  /// NText holds its expression, which the call site evaluates, and N the
  /// value tile selection assumes.
  int64_t N = 0;
  std::string NText;
  bool NGiven = false; ///< The assumed N came from --assume.
  /// The matrices are flat (`int *D` read as `D[i * n + j]`).
  bool Flat = false;
  std::optional<ApspPath> Path;

  UpdateForm Form = UpdateForm::IfLess;
  std::string MinFunction; ///< For MinCall: the function the user called.

  std::string K, I, J; ///< Loop variables, outermost first.
  /// Loop variables declared before the loop that code after it reads: they
  /// must hold their final value (N), as after the serial loop.
  std::vector<std::string> LoopVariablesReadAfter;
  /// Those that nothing outside the loop uses: the call site marks them
  /// used, to keep -Wall quiet.
  std::vector<std::string> LoopVariablesUnusedOutside;

  FwParams Params;

  bool runTimeSize() const { return !NText.empty(); }
  /// N as the host code prints it: the user's expression, or the number.
  std::string sizeText() const {
    return NText.empty() ? std::to_string(N) : "(" + NText + ")";
  }

  bool isFloatingPoint() const {
    return Type == ApspElementType::Float || Type == ApspElementType::Double;
  }
  int64_t elementBytes() const {
    return Type == ApspElementType::Double ? 8 : 4;
  }
};

/// The `--dump-ir` text of an apsp region.
std::string printApspRegion(const ApspRegion &R);

} // namespace ir
} // namespace tilec

#endif
