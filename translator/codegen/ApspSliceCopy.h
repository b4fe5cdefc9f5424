//===- ApspSliceCopy.h - Staging the non-pivot kernel's slices -*- C++ -*-===//
//
// The non-pivot kernel (ApspRestKernel.cpp) stages slices of the pivot
// column (transposed: pivot k of row i goes to as[k][i]) and of the pivot
// row (bs[k][j]) in local memory, Depth pivots at a time, the group's
// threads copying in turn. This prints those copies: asynchronous where
// the target copies so (a ring of stages), else through registers.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_APSPSLICECOPY_H
#define TILEC_CODEGEN_APSPSLICECOPY_H

#include "codegen/ApspKernelParts.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilec {

/// A group's copies of the slices for one shape of the non-pivot kernel.
class ApspSliceCopy {
public:
  /// `Threads` threads (tid) copy slices of `Depth` pivots of a TT-row
  /// pivot column and of a `Cols`-wide pivot row, into `Stages` stages.
  ApspSliceCopy(CodeWriter &W, const ApspKernelContext &C, int64_t Threads,
                int64_t Cols, int64_t Stages, int64_t Depth);

  /// Each thread's place in the slices and its offsets in D, where they
  /// stay the same from slice to slice; before the first copy, with tid,
  /// row0, col0, piv0 and prow defined.
  void declareShares();
  /// Copies pivots `Kc` .. `Kc` + Depth - 1 into stage `Stage` ("" with
  /// one stage).
  void copy(const std::string &Stage, const std::string &Kc);

private:
  /// A thread's share of a slice of Slow x Fast elements, copied Fast
  /// first: rows x pivots of the column slice, pivots x pieces of the row
  /// slice.
  struct Share {
    std::string Slow, Fast; ///< The thread's position: variable names.
    std::string At;         ///< Its offset in D: a variable name.
    int64_t SlowUnits = 0, FastUnits = 0;
    int64_t Step = 0;   ///< Lines of Fast one pass of the threads covers.
    int64_t Passes = 0; ///< 0 where the threads do not cover whole lines.
  };
  struct RowCopy {
    std::string Array, Matrix;
  };

  Share share(const std::string &Prefix, int64_t Slow, int64_t Fast,
              const std::string &SlowName, const std::string &FastName) const;
  Share columnShare() const;
  Share rowShare(const std::string &Prefix, int64_t Width) const;
  int64_t rowWidth() const;
  int64_t pathRowWidth() const;
  bool pathRowApart() const;
  int openPasses(const Share &S, std::string &Slow);
  void element(const std::string &Stage, const std::string &Array,
               const std::string &Matrix, const std::string &Subscripts,
               int64_t Bytes);
  void columnSlice(const std::string &Stage, const std::string &Kc);
  void rowSlice(const std::string &Stage, const std::string &Kc,
                const std::vector<RowCopy> &Copies, const Share &B,
                int64_t Width);

  CodeWriter &W;
  const ApspKernelContext &C;
  const int64_t TT, Threads, Cols, Stages, Depth;
  const bool PathA, PathB; ///< Paths come with a, with b.
};

} // namespace tilec

#endif
