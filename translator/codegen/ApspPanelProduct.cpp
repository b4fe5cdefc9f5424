//===- ApspPanelProduct.cpp - The panel kernel as a (min, +) product ------===//
//
// Round K, phase 2 without a path matrix (FwParams::PanelProduct). After
// phase 1 the pivot tile C is closed (its distances are final), so relaxing
// a pivot row tile pivot by pivot gives min(tile, C x tile) and a pivot
// column tile min(tile, tile x C), (min, +) products of the tiles as they
// were: the same distances (C's triangle inequality covers the pivots'
// order), but not the same path entries, hence no path matrix.
//
// A block covers one tile. Both operands go to local memory, the left one
// transposed, and each thread owns FwPanelProductSide x FwPanelProductSide
// elements in registers (ApspRegisterTile), like the non-pivot kernel:
// two local loads a pivot for 16 elements instead of five for four with a
// thread per column and four rows each, whose launches were slow (measured:
// docs/notes/apsp.md, "The panel kernel's register tile").
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspRegisterTile.h"

#include "rules/ApspTileRules.h"

namespace tilec {

void emitApspPanelProduct(CodeWriter &W, const ApspKernelContext &C) {
  const int64_t TT = C.P.Tile, Side = FwPanelProductSide, BX = TT / Side;
  const int64_t Threads = BX * BX;
  auto Num = apspNum;
  W.line("/* Round K, phase 2: the pivot row tiles (the first row_blocks "
         "blocks, on the device holding tile row K: one per tile but the "
         "pivot), then the pivot column tiles of this device's tile rows "
         "but K. The pivot tile C is closed, so each tile becomes min(tile, "
         "C x tile) (row) or min(tile, tile x C) (column), (min, +) "
         "products of the tiles as they were. Each of " +
         Num(BX) + " x " + Num(BX) + " threads owns " + Num(Side) + " x " +
         Num(Side) + " elements in registers. */");
  W.open(C.Dl.kernelPrefix() + " " + C.R.Name + "_fw_panel(" + C.params() +
         ", const int lo, const int prow, const int row_blocks)");
  std::string Rows = Num(TT + fwSlicePadding(C.R)), Cols = Num(TT);
  auto Declare = [&](const std::string &Name, const std::string &Dims) {
    W.line(C.Dl.mergesAlignedLocalLoads()
               ? C.Dl.alignedLocalArray(C.T, Name, Dims)
               : C.Dl.localArray(C.T, Name, Dims));
  };
  Declare("as", "[" + Cols + "][" + Rows + "]");
  Declare("bs", "[" + Cols + "][" + Cols + "]");
  W.line("const int tx = " + C.Dl.localId(0) + ", ty = " + C.Dl.localId(1) +
         ", tid = ty * " + Num(BX) + " + tx;");
  emitApspPanelTile(W, C);
  W.line("/* The left operand, transposed, and the right one: C and the "
         "tile for a row tile, the tile and C for a column tile. */");
  W.line("const size_t a0 = in_row ? pivot : base, b0 = in_row ? base : "
         "pivot;");
  ApspRegisterTile Tile(W, C, Side, Side, BX);
  std::string Mine = "const size_t mine = base + (size_t)(ty * " + Num(Side) +
                     ") * n + " + Tile.firstColumn() + ";";
  if (!C.Dl.copiesAsynchronously()) {
    W.open("for (int e = tid; e < " + Num(TT * TT) + "; e += " + Num(Threads) +
           ")");
    W.line("const int row = e / " + Cols + ", col = e % " + Cols + ";");
    W.line("as[col][row] = D[a0 + (size_t)row * n + col];");
    W.line("bs[row][col] = D[b0 + (size_t)row * n + col];");
    W.close();
    W.line(Mine);
    Tile.load("mine");
    W.line(C.Dl.barrier());
  } else {
    // Every copy in flight at once instead of a few loads per thread at a
    // time through registers: a shorter launch, though still several times
    // what its (min, +) work alone would take (measured: docs/notes/apsp.md,
    // "The panel kernel's copies in flight").
    W.line("/* Every copy in flight at once; the right operand's rows in "
           "16-byte pieces. */");
    int64_t Width = 16 / C.R.elementBytes();
    W.open("for (int e = tid; e < " + Num(TT * TT) + "; e += " + Num(Threads) +
           ")");
    W.line("const int row = e / " + Cols + ", col = e % " + Cols + ";");
    W.line(C.Dl.asyncCopy("&as[col][row]", "&D[a0 + (size_t)row * n + col]",
                          C.R.elementBytes()));
    W.close();
    W.open("for (int e = tid; e < " + Num(TT * TT / Width) +
           "; e += " + Num(Threads) + ")");
    W.line("const int row = e / " + Num(TT / Width) + ", col = e % " +
           Num(TT / Width) + " * " + Num(Width) + ";");
    W.line(
        C.Dl.asyncCopy("&bs[row][col]", "&D[b0 + (size_t)row * n + col]", 16));
    W.close();
    W.line(C.Dl.asyncCommit());
    W.line(Mine);
    Tile.load("mine");
    W.line(C.Dl.asyncWait(0));
    W.line(C.Dl.barrier());
  }
  ApspSliceArrays S;
  S.A = "as";
  S.B = "bs";
  Tile.relax(S, TT);
  for (int64_t First = 0; First < Side; First += Tile.group())
    Tile.storeGroup("mine", First);
  W.close();
  W.line();
}

} // namespace tilec
