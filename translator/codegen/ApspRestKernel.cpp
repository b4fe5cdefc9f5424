//===- ApspRestKernel.cpp - The non-pivot kernel of blocked FW ------------===//
//
// Round K, phase 3: every tile outside the pivot row and column, as a
// (min, +) matrix product of the pivot column's tiles and the pivot row's.
// Each thread owns TM x TN elements in registers and a block covers l tiles
// of one tile row. Slices of the pivot column (transposed) and of the pivot
// row go to local memory, KChunk pivots at a time.
//
// Where the target copies to local memory asynchronously (CUDA's cp.async),
// the slices form a ring of two stages of KChunk / 2 pivots each, in the
// same local memory: the next slice loads while this one is computed
// instead of every thread waiting for its loads at each slice
// (fw:64,8,8,2, n = 8192 int, H100: 416 -> 347 us a launch). Elsewhere a
// slice loads through registers, then a barrier, then the computation.
//
// Register arrays are only indexed by constants (every loop over them is
// unrolled here), so they stay in registers.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspKernelParts.h"

#include "tuning/FwTile.h"

#include <algorithm>

namespace tilec {
namespace {

using ir::PathSource;

class RestKernelWriter {
public:
  RestKernelWriter(CodeWriter &W, const ApspKernelContext &C)
      : W(W), C(C), P(C.P), TT(P.Tile), TM(P.ThreadRows), TN(P.ThreadCols),
        BX(P.blockCols()), BY(P.blockRows()), Cols(P.TilesPerBlock * TT),
        Rows(TT + fwSlicePadding(C.R)), Threads(BX * BY),
        Stages(C.Dl.copiesAsynchronously() && P.KChunk > 1 ? 2 : 1),
        Depth(P.KChunk / Stages) {
    PathA = C.R.Path && C.R.Path->Source == PathSource::RowToPivot;
    PathB = C.R.Path && C.R.Path->Source == PathSource::PivotToColumn;
  }

  void run() {
    W.line("/* Round K, phase 3: every tile outside the pivot row and "
           "column, as a (min, +) product. A block of " +
           num(BX) + " x " + num(BY) + " threads covers " + num(TT) +
           " rows x " + num(Cols) + " columns; each thread owns " + num(TM) +
           " x " + num(TN) + " elements in registers. */");
    // Registers capped at twice the accumulators: the slab parameters took
    // nvcc from 128 to 134 at 8 x 8 per thread, three groups per SM
    // instead of four, 10% slower (n = 8192 int, H100); capped, it is back
    // to 128 without spills.
    int64_t Registers =
        std::min<int64_t>(std::max<int64_t>(64, 2 * TM * TN), 255);
    W.open(C.Dl.kernelPrefix() + C.Dl.registerCap(Threads, Registers) + " " +
           C.R.Name + "_fw_rest(" + C.params() +
           ", const int lo, const int prow)");
    declareSlices();
    W.line("const int tx = " + C.Dl.localId(0) + ", ty = " + C.Dl.localId(1) +
           ", tid = ty * " + num(BX) + " + tx;");
    W.line("const int k_own = K - lo, g = " + C.Dl.groupId(1) + ";");
    W.line("const int I = k_own < 0 || g < k_own ? g : g + 1; /* held */");
    W.line("const int row0 = I * " + num(TT) + ", col0 = " + C.Dl.groupId(0) +
           " * " + num(Cols) + ", piv0 = K * " + num(TT) + ";");
    W.line("const size_t mine = (size_t)(row0 + ty * " + num(TM) +
           ") * n + col0 + tx;");
    if (Stages == 1) {
      loadAccumulators();
      synchronousSlices();
    } else {
      W.line("/* Slice 0 loads while the accumulators do. */");
      copySlices("0", "0");
      W.line(C.Dl.asyncCommit());
      loadAccumulators();
      ringOfSlices();
    }
    writeBack();
    W.close();
  }

private:
  CodeWriter &W;
  const ApspKernelContext &C;
  const ir::FwParams &P;
  const int64_t TT, TM, TN, BX, BY, Cols, Rows, Threads;
  /// Stages of the slice ring, pivots per slice.
  const int64_t Stages, Depth;
  bool PathA = false, PathB = false; ///< Paths come with a, with b.

  static std::string num(int64_t V) { return apspNum(V); }
  /// `Term + ` where Term adds anything.
  static std::string plus(const std::string &Term) {
    return Term == "0" ? "" : Term + " + ";
  }

  std::string stageDims(int64_t Width) const {
    return (Stages > 1 ? "[" + num(Stages) + "]" : "") + "[" + num(Depth) +
           "][" + num(Width) + "]";
  }
  /// `Array` at stage `Stage` (nothing with one stage).
  std::string staged(const std::string &Array, const std::string &Stage) const {
    return Stages > 1 ? Array + "[" + Stage + "]" : Array;
  }

  void declareSlices() {
    W.line(C.Dl.localArray(C.T, "as", stageDims(Rows)));
    W.line(C.Dl.localArray(C.T, "bs", stageDims(Cols)));
    if (PathA)
      W.line(C.Dl.localArray("int", "pas", stageDims(Rows)));
    if (PathB)
      W.line(C.Dl.localArray("int", "pbs", stageDims(Cols)));
  }

  std::string element(int64_t M, int64_t Col) const {
    std::string Off = "mine";
    if (M)
      Off += " + " + num(M) + " * (size_t)n";
    if (Col)
      Off += " + " + num(BX * Col);
    return Off;
  }
  static std::string reg(const char *Name, int64_t M, int64_t Col) {
    return std::string(Name) + "[" + num(M) + "][" + num(Col) + "]";
  }

  void loadAccumulators() {
    W.line(C.T + " c[" + num(TM) + "][" + num(TN) + "];");
    if (C.R.Path)
      W.line("int p[" + num(TM) + "][" + num(TN) + "];");
    for (int64_t M = 0; M < TM; ++M)
      for (int64_t Col = 0; Col < TN; ++Col) {
        W.line(reg("c", M, Col) + " = D[" + element(M, Col) + "];");
        if (C.R.Path)
          W.line(reg("p", M, Col) + " = P[" + element(M, Col) + "];");
      }
  }

  /// Copies pivots `Kc` .. `Kc` + Depth - 1 of the pivot column
  /// (transposed) and of the pivot row into stage `Stage`.
  void copySlices(const std::string &Stage, const std::string &Kc) {
    bool Async = Stages > 1;
    auto Copy = [&](const std::string &Array, const std::string &Matrix,
                    const std::string &Subscripts, int64_t Bytes) {
      std::string To = staged(Array, Stage) + Subscripts;
      W.line(Async ? C.Dl.asyncCopy("&" + To, "&" + Matrix + "[at]", Bytes)
                   : To + " = " + Matrix + "[at];");
    };
    W.open("for (int e = tid; e < " + num(Depth * TT) +
           "; e += " + num(Threads) + ")");
    W.line("const int i = e / " + num(Depth) + ", k = e % " + num(Depth) + ";");
    W.line("const size_t at = (size_t)(row0 + i) * n + piv0 + " + plus(Kc) +
           "k;");
    Copy("as", "D", "[k][i]", C.R.elementBytes());
    if (PathA)
      Copy("pas", "P", "[k][i]", 4);
    W.close();
    // The pivot row's slice is contiguous: asynchronous copies move 16
    // bytes each (rows of l * t >= 16 elements keep them aligned).
    auto RowSlice = [&](const std::string &Array, const std::string &Matrix,
                        int64_t ElementBytes) {
      int64_t Width = Async ? 16 / ElementBytes : 1;
      int64_t PerRow = Cols / Width;
      W.open("for (int e = tid; e < " + num(Depth * PerRow) +
             "; e += " + num(Threads) + ")");
      std::string J = Width > 1 ? "e % " + num(PerRow) + " * " + num(Width)
                                : "e % " + num(PerRow);
      W.line("const int k = e / " + num(PerRow) + ", j = " + J + ";");
      W.line("const size_t at = (size_t)(prow + " + plus(Kc) +
             "k) * n + col0 + j;");
      Copy(Array, Matrix, "[k][j]", 16);
      W.close();
    };
    if (!Async) {
      // One loop for both, as the slices always were.
      W.open("for (int e = tid; e < " + num(Depth * Cols) +
             "; e += " + num(Threads) + ")");
      W.line("const int k = e / " + num(Cols) + ", j = e % " + num(Cols) + ";");
      W.line("const size_t at = (size_t)(prow + " + plus(Kc) +
             "k) * n + col0 + j;");
      Copy("bs", "D", "[k][j]", C.R.elementBytes());
      if (PathB)
        Copy("pbs", "P", "[k][j]", 4);
      W.close();
      return;
    }
    RowSlice("bs", "D", C.R.elementBytes());
    if (PathB)
      RowSlice("pbs", "P", 4);
  }

  void synchronousSlices() {
    W.open("for (int kc = 0; kc < " + num(TT) + "; kc += " + num(Depth) + ")");
    W.line(
        "/* The pivot column slice, transposed, and the pivot row slice. */");
    copySlices("", "kc");
    W.line(C.Dl.barrier());
    computeSlice("");
    W.line(C.Dl.barrier());
    W.close();
  }

  void ringOfSlices() {
    W.open("for (int kc = 0, s = 0; kc < " + num(TT) + "; kc += " + num(Depth) +
           ", s ^= 1)");
    W.open("if (kc + " + num(Depth) + " < " + num(TT) + ")");
    W.line("/* The next slice loads into the other stage while this one is "
           "computed. */");
    copySlices("s ^ 1", "kc + " + num(Depth));
    W.line(C.Dl.asyncCommit());
    W.line(C.Dl.asyncWait(1));
    W.closeOpen("else");
    W.line(C.Dl.asyncWait(0));
    W.close();
    W.line(C.Dl.barrier());
    computeSlice("s");
    W.line(C.Dl.barrier());
    W.close();
  }

  void computeSlice(const std::string &Stage) {
    std::string As = staged("as", Stage), Bs = staged("bs", Stage);
    W.open("for (int k = 0; k < " + num(Depth) + "; ++k)");
    W.line(C.T + " a[" + num(TM) + "], b[" + num(TN) + "];");
    for (int64_t M = 0; M < TM; ++M)
      W.line("a[" + num(M) + "] = " + As + "[k][ty * " + num(TM) + " + " +
             num(M) + "];");
    for (int64_t Col = 0; Col < TN; ++Col)
      W.line("b[" + num(Col) + "] = " + Bs + "[k][tx + " + num(BX * Col) +
             "];");
    if (PathA) {
      W.line("int pa[" + num(TM) + "];");
      for (int64_t M = 0; M < TM; ++M)
        W.line("pa[" + num(M) + "] = " + staged("pas", Stage) + "[k][ty * " +
               num(TM) + " + " + num(M) + "];");
    }
    if (PathB) {
      W.line("int pb[" + num(TN) + "];");
      for (int64_t Col = 0; Col < TN; ++Col)
        W.line("pb[" + num(Col) + "] = " + staged("pbs", Stage) + "[k][tx + " +
               num(BX * Col) + "];");
    }
    for (int64_t M = 0; M < TM; ++M)
      for (int64_t Col = 0; Col < TN; ++Col) {
        std::string PV;
        if (C.R.Path)
          PV = C.R.Path->Source == PathSource::Pivot ? "piv0 + kc + k"
               : PathA                               ? "pa[" + num(M) + "]"
                                                     : "pb[" + num(Col) + "]";
        emitApspRelax(W, C, reg("c", M, Col), "a[" + num(M) + "]",
                      "b[" + num(Col) + "]", reg("p", M, Col), PV);
      }
    W.close();
  }

  void writeBack() {
    W.line("/* Tiles of the pivot column are final already: not written. */");
    for (int64_t Col = 0; Col < TN; ++Col) {
      W.open("if ((col0 + tx + " + num(BX * Col) + ") / " + num(TT) + " != K)");
      for (int64_t M = 0; M < TM; ++M) {
        W.line("D[" + element(M, Col) + "] = " + reg("c", M, Col) + ";");
        if (C.R.Path)
          W.line("P[" + element(M, Col) + "] = " + reg("p", M, Col) + ";");
      }
      W.close();
    }
  }
};

} // namespace

void emitApspRestKernel(CodeWriter &W, const ApspKernelContext &C) {
  RestKernelWriter(W, C).run();
}

} // namespace tilec
