//===- ApspKernelParts.h - What the apsp kernel writers share ---*- C++ -*-===//
//
// The pivot and panel kernels (ApspKernelEmitter.cpp, ApspPanelProduct.cpp)
// and the non-pivot kernel (ApspRestKernel.cpp) print from the same region,
// dialect and element type, and relax an element the same way.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_APSPKERNELPARTS_H
#define TILEC_CODEGEN_APSPKERNELPARTS_H

#include "codegen/CodeWriter.h"
#include "codegen/KernelEmitter.h"
#include "ir/ApspIR.h"

#include <cstdint>
#include <functional>
#include <string>

namespace tilec {

struct ApspKernelContext {
  const ir::ApspRegion &R;
  const ir::FwParams &P;
  const KernelDialect &Dl;
  std::string T;      ///< The element type on the device.
  std::string AddMin; ///< The macro for min(a + b, c).

  /// `Type *restrict` in device memory.
  std::string global(const std::string &Type) const {
    return Dl.globalSpace() + Type + " *" + Dl.restrictKeyword();
  }
  /// The path value comes with row k (P[k][j]) or with column k (P[i][k]):
  /// its entries travel with the pivot row's slice or the pivot column's.
  bool pathWithRow() const {
    return R.Path && R.Path->Source == ir::PathSource::PivotToColumn;
  }
  bool pathWithColumn() const {
    return R.Path && R.Path->Source == ir::PathSource::RowToPivot;
  }
  /// The parameters every FW kernel takes first: D, P, n, K.
  std::string params() const {
    std::string Out = global(T) + " D";
    if (R.Path)
      Out += ", " + global("int") + " P";
    return Out + ", const int n, const int K";
  }
};

inline std::string apspNum(int64_t V) { return std::to_string(V); }

/// Prints C = min(C, A + B) and, with a path matrix, PC = PV where A + B
/// is shorter.
void emitApspRelax(CodeWriter &W, const ApspKernelContext &C,
                   const std::string &Element, const std::string &A,
                   const std::string &B, const std::string &PathElement,
                   const std::string &PathValue);

/// Prints Floyd-Warshall inside the tile of D at `Base` by threads (tx, ty)
/// holding `RowsPerThread` rows each, with rowk and colk in local memory.
using ApspTileCloser =
    std::function<void(const std::string &Base, int64_t RowsPerThread)>;

/// The panel kernel's indices from its group: in_row (a pivot row tile or a
/// pivot column tile), J (the tile's column or row), and the offsets of the
/// pivot tile (`pivot`) and of the block's tile (`base`) in D.
void emitApspPanelTile(CodeWriter &W, const ApspKernelContext &C);

/// The panel kernel as a (min, +) product with the closed pivot tile
/// (FwParams::PanelProduct).
void emitApspPanelProduct(CodeWriter &W, const ApspKernelContext &C);

/// The non-pivot kernel, `<region>_fw_rest`; with FwParams::PivotInRest it
/// closes the next round's pivot tile through `CloseTile`.
void emitApspRestKernel(CodeWriter &W, const ApspKernelContext &C,
                        const ApspTileCloser &CloseTile);

} // namespace tilec

#endif
