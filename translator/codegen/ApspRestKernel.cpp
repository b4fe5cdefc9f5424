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
// instead of every thread waiting for its loads at each slice, which
// shortens every launch (measured: docs/notes/apsp.md, "The slices' ring
// and the 16-byte column groups"). Elsewhere a slice loads through
// registers, then a barrier, then the computation.
// ApspSliceCopy.cpp prints the copies.
//
// Where the target also merges aligned local loads and has 16-byte vector
// types (CUDA), a thread's columns come in groups of 16 bytes side by side,
// so that its pivot row values load as one vector per group and its
// accumulators load and store as vectors (ApspRegisterTile.h), a further
// gain once every pivot of a slice is unrolled (measured: the same section
// of docs/notes/apsp.md).
//
// Register arrays are only indexed by constants (every loop over them is
// unrolled here), so they stay in registers.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspRegisterTile.h"
#include "codegen/ApspSliceCopy.h"

#include "rules/ApspTileRules.h"

#include <algorithm>

namespace tilec {
namespace {

class RestKernelWriter {
public:
  RestKernelWriter(CodeWriter &W, const ApspKernelContext &C,
                   const ApspTileCloser &CloseTile)
      : W(W), C(C), CloseTile(CloseTile), P(C.P), TT(P.Tile), TM(P.ThreadRows),
        TN(P.ThreadCols), BX(P.blockCols()), BY(P.blockRows()),
        Cols(P.TilesPerBlock * TT), Rows(TT + fwSlicePadding(C.R)),
        Threads(BX * BY),
        Stages(C.Dl.copiesAsynchronously() && P.KChunk > 1 ? 2 : 1),
        Depth(P.KChunk / Stages), Tile(W, C, TM, TN, BX),
        Slices(W, C, Threads, Cols, Stages, Depth) {
    PathA = C.pathWithColumn();
    PathB = C.pathWithRow();
  }

  void run() {
    W.line("/* Round K, phase 3: every tile outside the pivot row and "
           "column, as a (min, +) product. A block of " +
           num(BX) + " x " + num(BY) + " threads covers " + num(TT) +
           " rows x " + num(Cols) + " columns; each thread owns " + num(TM) +
           " x " + num(TN) + " elements in registers. */");
    // The register cap the tile's rule gives (fwRestRegisterCap).
    std::string Cap = P.RestRegisters
                          ? C.Dl.registerCap(Threads, P.RestRegisters)
                          : std::string();
    W.open(C.Dl.kernelPrefix() + Cap + " " + C.R.Name + "_fw_rest(" +
           C.params() + ", const int lo, const int prow)");
    declareSlices();
    W.line("const int tx = " + C.Dl.localId(0) + ", ty = " + C.Dl.localId(1) +
           ", tid = ty * " + num(BX) + " + tx;");
    W.line("const int k_own = K - lo, g = " + C.Dl.groupId(1) + ";");
    W.line("const int I = k_own < 0 || g < k_own ? g : g + 1; /* held */");
    W.line("const int row0 = I * " + num(TT) + ", col0 = " + C.Dl.groupId(0) +
           " * " + num(Cols) + ", piv0 = K * " + num(TT) + ";");
    W.line("const size_t mine = (size_t)(row0 + ty * " + num(TM) +
           ") * n + col0 + " + Tile.firstColumn() + ";");
    Slices.declareShares();
    if (Stages == 1) {
      Tile.load("mine");
      synchronousSlices();
    } else {
      W.line("/* Slice 0 loads while the accumulators do. */");
      Slices.copy("0", "0");
      W.line(C.Dl.asyncCommit());
      Tile.load("mine");
      ringOfSlices();
    }
    writeBack();
    if (P.PivotInRest)
      closeNextPivot();
    W.close();
  }

private:
  CodeWriter &W;
  const ApspKernelContext &C;
  const ApspTileCloser &CloseTile;
  const ir::FwParams &P;
  const int64_t TT, TM, TN, BX, BY, Cols, Rows, Threads;
  /// Stages of the slice ring, pivots per slice.
  const int64_t Stages, Depth;
  /// The thread's TM x TN elements of D in registers.
  ApspRegisterTile Tile;
  /// The copies of the slices into local memory.
  ApspSliceCopy Slices;
  bool PathA = false, PathB = false; ///< Paths come with a, with b.

  static std::string num(int64_t V) { return apspNum(V); }

  std::string stageDims(int64_t Width) const {
    return (Stages > 1 ? "[" + num(Stages) + "]" : "") + "[" + num(Depth) +
           "][" + num(Width) + "]";
  }
  /// `Array` at stage `Stage` (nothing with one stage).
  std::string staged(const std::string &Array, const std::string &Stage) const {
    return Stages > 1 ? Array + "[" + Stage + "]" : Array;
  }

  /// Round K + 1's pivot tile is final once this launch has written it:
  /// the group holding it closes it, as round K + 1's pivot kernel would,
  /// so that rounds after the first launch no pivot kernel, a launch a
  /// round saved (measured: docs/notes/apsp.md, "The pivot tile closed in
  /// the non-pivot kernel").
  void closeNextPivot() {
    std::string Next = "(K + 1) * " + num(TT);
    W.line("/* Round K + 1's pivot tile is final now: the group holding it "
           "closes it here instead of a launch of its own. */");
    W.open("if (lo + I == K + 1 && col0 <= " + Next + " && " + Next +
           " < col0 + " + num(Cols) + ")");
    W.line(C.Dl.globalBarrier());
    W.line("const int tx = tid % " + num(TT) + ", ty = tid / " + num(TT) + ";");
    W.line("const size_t base = (size_t)row0 * n + " + Next + ";");
    CloseTile("base", TT * TT / Threads);
    W.close();
  }

  void declareSlices() {
    auto Declare = [&](const std::string &Type, const std::string &Name,
                       int64_t Width) {
      W.line(C.Dl.mergesAlignedLocalLoads()
                 ? C.Dl.alignedLocalArray(Type, Name, stageDims(Width))
                 : C.Dl.localArray(Type, Name, stageDims(Width)));
    };
    Declare(C.T, "as", Rows);
    Declare(C.T, "bs", Cols);
    if (P.PivotInRest) {
      W.line(C.Dl.localArray(C.T, "rowk", "[2][" + num(TT) + "]"));
      W.line(C.Dl.localArray(C.T, "colk", "[2][" + num(TT) + "]"));
    }
    if (PathA)
      Declare("int", "pas", Rows);
    if (PathB)
      Declare("int", "pbs", Cols);
  }

  void synchronousSlices() {
    W.open("for (int kc = 0; kc < " + num(TT) + "; kc += " + num(Depth) + ")");
    W.line(
        "/* The pivot column slice, transposed, and the pivot row slice. */");
    Slices.copy("", "kc");
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
    Slices.copy("s ^ 1", "kc + " + num(Depth));
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
    ApspSliceArrays S;
    S.A = staged("as", Stage);
    S.B = staged("bs", Stage);
    if (PathA)
      S.PathA = staged("pas", Stage);
    if (PathB)
      S.PathB = staged("pbs", Stage);
    S.PivotIndex = "piv0 + kc + k";
    Tile.relax(S, Depth);
  }

  void writeBack() {
    W.line("/* Tiles of the pivot column are final already: not written. */");
    // A group of columns lies in one tile (it divides t).
    for (int64_t First = 0; First < TN; First += Tile.group()) {
      W.open("if ((col0 + " + Tile.column(First) + ") / " + num(TT) + " != K)");
      Tile.storeGroup("mine", First);
      W.close();
    }
  }
};

} // namespace

void emitApspRestKernel(CodeWriter &W, const ApspKernelContext &C,
                        const ApspTileCloser &CloseTile) {
  RestKernelWriter(W, C, CloseTile).run();
}

} // namespace tilec
