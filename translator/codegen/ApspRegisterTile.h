//===- ApspRegisterTile.h - A thread's elements of D in registers -*- C++ -*-=//
//
// The non-pivot kernel (ApspRestKernel.cpp) and the panel kernel as a
// product (ApspPanelProduct.cpp) both hold TM x TN elements of D (and P) per
// thread in registers and relax them pivot by pivot with values of the pivot
// column (a slice stored transposed, a[k][row]) and of the pivot row
// (b[k][column]) from local memory.
//
// A thread's rows are ty * TM + m. Its columns come in groups of 16 bytes
// side by side where the target merges aligned local loads into vectors
// (CUDA): columns tx * G + g * BX * G + w for groups g and w < G, so that
// its b values load as one vector per group and its elements load and store
// as vectors. Elsewhere G = 1: columns tx + c * BX.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_APSPREGISTERTILE_H
#define TILEC_CODEGEN_APSPREGISTERTILE_H

#include "codegen/ApspKernelParts.h"

namespace tilec {

/// The local-memory arrays one pivot's values come from, indexed [k][...].
struct ApspSliceArrays {
  std::string A, B;         ///< Pivot column (transposed), pivot row.
  std::string PathA, PathB; ///< Their path entries, or empty.
  /// The pivot's index where the path records the pivot itself
  /// (PathSource::Pivot), in terms of the slice's `k`.
  std::string PivotIndex;
};

class ApspRegisterTile {
public:
  /// Thread rows of `TM` and columns of `TN` elements in a block `BX`
  /// threads wide.
  ApspRegisterTile(CodeWriter &W, const ApspKernelContext &C, int64_t TM,
                   int64_t TN, int64_t BX);

  /// Contiguous columns a thread owns side by side (G above).
  int64_t group() const { return Group; }
  /// The thread's first column in the block.
  std::string firstColumn() const;
  /// The thread's column `Col` (0 <= Col < TN) in the block.
  std::string column(int64_t Col) const;

  /// Declares the registers c (and p) and loads them from D (and P) at
  /// offset `Mine` (a size_t variable: the thread's first element) + m * n
  /// + its columns.
  void load(const std::string &Mine);
  /// Stores rows 0 .. TM - 1 of the group of columns starting at `First`
  /// (a multiple of group()).
  void storeGroup(const std::string &Mine, int64_t First);
  /// Relaxes every register with pivots k = 0 .. Depth - 1 of `S`.
  void relax(const ApspSliceArrays &S, int64_t Depth);

private:
  CodeWriter &W;
  const ApspKernelContext &C;
  const int64_t TM, TN, BX, Group;

  int64_t columnOffset(int64_t Col) const;
  std::string element(const std::string &Mine, int64_t M, int64_t Col) const;
  void loadGroup(const char *Name, const std::string &Matrix,
                 const std::string &Scalar, const std::string &Mine, int64_t M,
                 int64_t First);
  void storeOne(const char *Name, const std::string &Matrix,
                const std::string &Scalar, const std::string &Mine, int64_t M,
                int64_t First);
};

} // namespace tilec

#endif
