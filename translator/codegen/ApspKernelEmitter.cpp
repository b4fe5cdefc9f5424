//===- ApspKernelEmitter.cpp - Blocked Floyd-Warshall kernels ------------===//
//
// Five kernels per region, all printed from the IR's parameters:
//   pack/unpack  copy the user's n x n matrix into the padded device matrix
//                (padding holds "no edge") and back;
//   fw_pivot     FW inside the pivot tile (one block; row and column k
//                published in local memory, double-buffered, one barrier
//                per k);
//   fw_panel     the pivot row and column tiles (one block each, the pivot
//                tile staged in local memory);
//   fw_rest      every other tile, as a (min, +) matrix product: each thread
//                owns TM x TN elements in registers, the pivot column slice
//                (transposed) and pivot row slice go to local memory, and a
//                block covers l tiles of one tile row. Tiles of the pivot
//                column are computed but not written back.
// Register arrays are only indexed by constants (the emitter unrolls those
// loops), so they stay in registers.
//
// A device holds a slab of tile rows (ApspHostEmitter.cpp): `lo` is its
// first tile row, its own rows come first in its buffers, and `prow` is the
// buffer row where tile row K's rows sit (its own, or the copy of them
// after its own rows). With one device, lo = 0 and prow = K * t.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspEmitter.h"

#include "codegen/CodeWriter.h"
#include "tuning/FwTile.h"

#include <algorithm>
#include <cctype>

namespace tilec {
namespace {

using ir::ApspRegion;
using ir::PathSource;

std::string num(int64_t V) { return std::to_string(V); }

class KernelWriter {
public:
  KernelWriter(const ApspRegion &R, const KernelDialect &Dl,
               AddMinIntrinsics Intrinsics)
      : R(R), P(R.Params), Dl(Dl), Intrinsics(Intrinsics) {
    T = deviceType(R.Type);
    for (char C : R.Name)
      Macro += static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
    Macro = "TILEC_" + Macro + "_ADDMIN";
  }

  std::string run() {
    addMinDefinition();
    pack("pack", T, padValue(), true);
    pack("unpack", T, "", false);
    if (R.Path && R.Type != ApspElementType::Int) {
      pack("pack_path", "int", "-1", true);
      pack("unpack_path", "int", "", false);
    }
    pivot();
    panel();
    rest();
    return W.str();
  }

  static std::string deviceType(ApspElementType Type) {
    return Type == ApspElementType::Unsigned ? "unsigned int"
                                             : apspElementTypeName(Type);
  }

private:
  const ApspRegion &R;
  const ir::FwParams &P;
  const KernelDialect &Dl;
  AddMinIntrinsics Intrinsics;
  std::string T, Macro;
  CodeWriter W;

  bool slicePath() const {
    return R.Path && R.Path->Source != PathSource::Pivot;
  }
  /// The path value comes with row k (P[k][j]) or with column k (P[i][k]).
  bool pathWithRow() const {
    return R.Path && R.Path->Source == PathSource::PivotToColumn;
  }
  bool pathWithColumn() const {
    return R.Path && R.Path->Source == PathSource::RowToPivot;
  }

  std::string padValue() const {
    switch (R.Type) {
    case ApspElementType::Int:
      return "1073741823"; // INT_MAX / 2: two of them still do not overflow.
    case ApspElementType::Unsigned:
      return "2147483647u";
    case ApspElementType::Float:
    case ApspElementType::Double:
      return "INFINITY";
    }
    return "0";
  }

  std::string global(const std::string &Type) const {
    return Dl.globalSpace() + Type + " *" + Dl.restrictKeyword();
  }

  std::string params() const {
    std::string Out = global(T) + " D";
    if (R.Path)
      Out += ", " + global("int") + " P";
    return Out + ", const int n, const int K";
  }

  void addMinDefinition() {
    std::string Plain;
    if (R.isFloatingPoint())
      Plain =
          Dl.mathFunction(R.Type == ApspElementType::Float ? "fminf" : "fmin") +
          "((a) + (b), (c))";
    else
      Plain = "min((a) + (b), (c))";
    W.line("/* " + Macro + "(a, b, c) = min(a + b, c). */");
    if (R.Type == ApspElementType::Int &&
        Intrinsics == AddMinIntrinsics::CudaDPX) {
      W.line("#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900");
      W.line("#define " + Macro + "(a, b, c) __viaddmin_s32((a), (b), (c))");
      W.line("#else");
      W.line("#define " + Macro + "(a, b, c) " + Plain);
      W.line("#endif");
    } else {
      W.line("#define " + Macro + "(a, b, c) " + Plain);
    }
    W.line();
  }

  /// D[i][j] = min(D[i][j], a + b), and the path with it.
  void relax(const std::string &C, const std::string &A, const std::string &B,
             const std::string &PC, const std::string &PV) {
    if (!R.Path) {
      W.line(C + " = " + Macro + "(" + A + ", " + B + ", " + C + ");");
      return;
    }
    W.open("");
    W.line("const " + T + " s = " + A + " + " + B + ";");
    W.open("if (s < " + C + ")");
    W.line(C + " = s;");
    W.line(PC + " = " + PV + ";");
    W.close();
    W.close();
  }

  void pack(const std::string &What, const std::string &Type,
            const std::string &Pad, bool Into) {
    W.line("/* " +
           std::string(Into ? "The user's rows (from row0) of the size x size "
                              "matrix into the padded n-wide ones."
                            : "The padded n-wide rows back into the user's "
                              "size x size matrix (from row0).") +
           " */");
    W.open(Dl.kernelPrefix() + " " + R.Name + "_fw_" + What + "(" +
           global(Type) + " dst, " + Dl.globalSpace() + "const " + Type + " *" +
           Dl.restrictKeyword() +
           " src, const int size, const int n, const int row0)");
    W.line("const int j = " + Dl.globalId(0) + ", i = " + Dl.globalId(1) + ";");
    if (Into) {
      W.line("dst[(size_t)i * n + j] = row0 + i < size && j < size ? "
             "src[(size_t)i * size + j] : " +
             Pad + ";");
    } else {
      W.line("if (row0 + i < size && j < size)");
      W.indent().line("dst[(size_t)i * size + j] = src[(size_t)i * n + j];");
      W.dedent();
    }
    W.close();
    W.line();
  }

  std::string pivotRows() const { return num(P.Tile / P.PivotRows); }
  /// Row of the pivot-kernel tile that element r of a thread holds.
  std::string rowOf(int64_t Rr) const {
    return Rr ? "ty + " + num(Rr * (P.Tile / P.PivotRows)) : "ty";
  }

  void localDeclarations(bool PivotTile) {
    std::string TT = num(P.Tile);
    if (PivotTile) {
      W.line(Dl.localArray(T, "piv", "[" + TT + "][" + TT + "]"));
      if (slicePath())
        W.line(Dl.localArray("int", "ppiv", "[" + TT + "][" + TT + "]"));
    }
    W.line(Dl.localArray(T, "rowk", "[2][" + TT + "]"));
    W.line(Dl.localArray(T, "colk", "[2][" + TT + "]"));
    if (pathWithRow())
      W.line(Dl.localArray("int", "prowk", "[2][" + TT + "]"));
    if (pathWithColumn())
      W.line(Dl.localArray("int", "pcolk", "[2][" + TT + "]"));
  }

  void loadTile(const std::string &Base) {
    W.line(T + " d[" + num(P.PivotRows) + "];");
    if (R.Path)
      W.line("int p[" + num(P.PivotRows) + "];");
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      std::string Offset = "(size_t)(" + rowOf(Rr) + ") * n + tx";
      W.line("d[" + num(Rr) + "] = D[" + Base + " + " + Offset + "];");
      if (R.Path)
        W.line("p[" + num(Rr) + "] = P[" + Base + " + " + Offset + "];");
    }
  }

  void storeTile(const std::string &Base) {
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      std::string Offset = "(size_t)(" + rowOf(Rr) + ") * n + tx";
      W.line("D[" + Base + " + " + Offset + "] = d[" + num(Rr) + "];");
      if (R.Path)
        W.line("P[" + Base + " + " + Offset + "] = p[" + num(Rr) + "];");
    }
  }

  /// Publishes this tile's row k or column k for step k.
  void publishRow() {
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      W.open("if (" + rowOf(Rr) + " == k)");
      W.line("rowk[b][tx] = d[" + num(Rr) + "];");
      if (pathWithRow())
        W.line("prowk[b][tx] = p[" + num(Rr) + "];");
      W.close();
    }
  }
  void publishColumn() {
    W.open("if (tx == k)");
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      W.line("colk[b][" + rowOf(Rr) + "] = d[" + num(Rr) + "];");
      if (pathWithColumn())
        W.line("pcolk[b][" + rowOf(Rr) + "] = p[" + num(Rr) + "];");
    }
    W.close();
  }

  std::string pivotIndex(const std::string &Local) const {
    return "K * " + num(P.Tile) + " + " + Local;
  }

  void pivot() {
    W.line("/* Round K, phase 1: Floyd-Warshall inside the pivot tile. */");
    W.open(Dl.kernelPrefix() + " " + R.Name + "_fw_pivot(" + params() +
           ", const int prow)");
    localDeclarations(false);
    W.line("const int tx = " + Dl.localId(0) + ", ty = " + Dl.localId(1) + ";");
    W.line("const size_t base = (size_t)prow * n + K * " + num(P.Tile) + ";");
    loadTile("base");
    W.open("for (int k = 0; k < " + num(P.Tile) + "; ++k)");
    W.line("const int b = k & 1;");
    publishRow();
    publishColumn();
    W.line(Dl.barrier());
    W.line("const " + T + " bk = rowk[b][tx];");
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      std::string PV;
      if (R.Path)
        PV = R.Path->Source == PathSource::Pivot ? pivotIndex("k")
             : R.Path->Source == PathSource::RowToPivot
                 ? "pcolk[b][" + rowOf(Rr) + "]"
                 : "prowk[b][tx]";
      relax("d[" + num(Rr) + "]", "colk[b][" + rowOf(Rr) + "]", "bk",
            "p[" + num(Rr) + "]", PV);
    }
    W.close();
    storeTile("base");
    W.close();
    W.line();
  }

  void panel() {
    std::string TT = num(P.Tile);
    W.line("/* Round K, phase 2: the pivot row tiles (the first row_blocks "
           "blocks, on the device holding tile row K: one per tile but the "
           "pivot), then the pivot column tiles of this device's tile rows "
           "but K. */");
    W.open(Dl.kernelPrefix() + " " + R.Name + "_fw_panel(" + params() +
           ", const int lo, const int prow, const int row_blocks)");
    localDeclarations(true);
    W.line("const int tx = " + Dl.localId(0) + ", ty = " + Dl.localId(1) + ";");
    W.line("const int in_row = " + Dl.groupId(0) + " < row_blocks;");
    W.line("const int g = in_row ? " + Dl.groupId(0) + " : " + Dl.groupId(0) +
           " - row_blocks;");
    W.line("const int k_own = K - lo; /* outside [0, own) if not held */");
    W.line("const int J = in_row ? (g < K ? g : g + 1) : "
           "(k_own < 0 || g < k_own ? g : g + 1);");
    W.line("const size_t pivot = (size_t)prow * n + K * " + TT + ";");
    W.line("const size_t base = in_row ? (size_t)prow * n + J * " + TT +
           " : (size_t)J * " + TT + " * n + K * " + TT + ";");
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      std::string Row = rowOf(Rr);
      W.line("piv[" + Row + "][tx] = D[pivot + (size_t)(" + Row +
             ") * n + tx];");
      if (slicePath())
        W.line("ppiv[" + Row + "][tx] = P[pivot + (size_t)(" + Row +
               ") * n + tx];");
    }
    loadTile("base");
    W.open("for (int k = 0; k < " + TT + "; ++k)");
    W.line("const int b = k & 1;");
    W.open("if (in_row)");
    publishRow();
    W.closeOpen("else");
    publishColumn();
    W.close();
    // The barrier of step 0 also covers the pivot tile's loads.
    W.line(Dl.barrier());
    W.line("const " + T + " bk = in_row ? rowk[b][tx] : piv[k][tx];");
    bool FromColumn = R.Path && R.Path->Source == PathSource::PivotToColumn;
    if (FromColumn)
      W.line("const int pk = in_row ? prowk[b][tx] : ppiv[k][tx];");
    for (int64_t Rr = 0; Rr < P.PivotRows; ++Rr) {
      std::string Row = rowOf(Rr);
      std::string A = "(in_row ? piv[" + Row + "][k] : colk[b][" + Row + "])";
      std::string PV;
      if (R.Path)
        PV = R.Path->Source == PathSource::Pivot ? pivotIndex("k")
             : FromColumn
                 ? "pk"
                 : "(in_row ? ppiv[" + Row + "][k] : pcolk[b][" + Row + "])";
      relax("d[" + num(Rr) + "]", A, "bk", "p[" + num(Rr) + "]", PV);
    }
    W.close();
    storeTile("base");
    W.close();
    W.line();
  }

  void rest() {
    const int64_t TT = P.Tile, TM = P.ThreadRows, TN = P.ThreadCols;
    const int64_t BX = P.blockCols(), BY = P.blockRows(), KC = P.KChunk;
    const int64_t Cols = P.TilesPerBlock * TT, Threads = BX * BY;
    const int64_t Rows = TT + fwSlicePadding(R);
    bool PathA = R.Path && R.Path->Source == PathSource::RowToPivot;
    bool PathB = R.Path && R.Path->Source == PathSource::PivotToColumn;
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
    W.open(Dl.kernelPrefix() + Dl.registerCap(Threads, Registers) + " " +
           R.Name + "_fw_rest(" + params() + ", const int lo, const int prow)");
    W.line(Dl.localArray(T, "as", "[" + num(KC) + "][" + num(Rows) + "]"));
    W.line(Dl.localArray(T, "bs", "[" + num(KC) + "][" + num(Cols) + "]"));
    if (PathA)
      W.line(
          Dl.localArray("int", "pas", "[" + num(KC) + "][" + num(Rows) + "]"));
    if (PathB)
      W.line(
          Dl.localArray("int", "pbs", "[" + num(KC) + "][" + num(Cols) + "]"));
    W.line("const int tx = " + Dl.localId(0) + ", ty = " + Dl.localId(1) +
           ", tid = ty * " + num(BX) + " + tx;");
    W.line("const int k_own = K - lo, g = " + Dl.groupId(1) + ";");
    W.line("const int I = k_own < 0 || g < k_own ? g : g + 1; /* held */");
    W.line("const int row0 = I * " + num(TT) + ", col0 = " + Dl.groupId(0) +
           " * " + num(Cols) + ", piv0 = K * " + num(TT) + ";");
    W.line("const size_t mine = (size_t)(row0 + ty * " + num(TM) +
           ") * n + col0 + tx;");
    W.line(T + " c[" + num(TM) + "][" + num(TN) + "];");
    if (R.Path)
      W.line("int p[" + num(TM) + "][" + num(TN) + "];");
    auto Element = [&](int64_t M, int64_t C) {
      std::string Off = "mine";
      if (M)
        Off += " + " + num(M) + " * (size_t)n";
      if (C)
        Off += " + " + num(BX * C);
      return Off;
    };
    auto Reg = [&](const char *Name, int64_t M, int64_t C) {
      return std::string(Name) + "[" + num(M) + "][" + num(C) + "]";
    };
    for (int64_t M = 0; M < TM; ++M)
      for (int64_t C = 0; C < TN; ++C) {
        W.line(Reg("c", M, C) + " = D[" + Element(M, C) + "];");
        if (R.Path)
          W.line(Reg("p", M, C) + " = P[" + Element(M, C) + "];");
      }
    W.open("for (int kc = 0; kc < " + num(TT) + "; kc += " + num(KC) + ")");
    W.line(
        "/* The pivot column slice, transposed, and the pivot row slice. */");
    W.open("for (int e = tid; e < " + num(KC * TT) + "; e += " + num(Threads) +
           ")");
    W.line("const int i = e / " + num(KC) + ", k = e % " + num(KC) + ";");
    W.line("const size_t at = (size_t)(row0 + i) * n + piv0 + kc + k;");
    W.line("as[k][i] = D[at];");
    if (PathA)
      W.line("pas[k][i] = P[at];");
    W.close();
    W.open("for (int e = tid; e < " + num(KC * Cols) +
           "; e += " + num(Threads) + ")");
    W.line("const int k = e / " + num(Cols) + ", j = e % " + num(Cols) + ";");
    W.line("const size_t at = (size_t)(prow + kc + k) * n + col0 + j;");
    W.line("bs[k][j] = D[at];");
    if (PathB)
      W.line("pbs[k][j] = P[at];");
    W.close();
    W.line(Dl.barrier());
    W.open("for (int k = 0; k < " + num(KC) + "; ++k)");
    W.line(T + " a[" + num(TM) + "], b[" + num(TN) + "];");
    for (int64_t M = 0; M < TM; ++M)
      W.line("a[" + num(M) + "] = as[k][ty * " + num(TM) + " + " + num(M) +
             "];");
    for (int64_t C = 0; C < TN; ++C)
      W.line("b[" + num(C) + "] = bs[k][tx + " + num(BX * C) + "];");
    if (PathA) {
      W.line("int pa[" + num(TM) + "];");
      for (int64_t M = 0; M < TM; ++M)
        W.line("pa[" + num(M) + "] = pas[k][ty * " + num(TM) + " + " + num(M) +
               "];");
    }
    if (PathB) {
      W.line("int pb[" + num(TN) + "];");
      for (int64_t C = 0; C < TN; ++C)
        W.line("pb[" + num(C) + "] = pbs[k][tx + " + num(BX * C) + "];");
    }
    for (int64_t M = 0; M < TM; ++M)
      for (int64_t C = 0; C < TN; ++C) {
        std::string PV;
        if (R.Path)
          PV = R.Path->Source == PathSource::Pivot ? "piv0 + kc + k"
               : PathA                             ? "pa[" + num(M) + "]"
                                                   : "pb[" + num(C) + "]";
        relax(Reg("c", M, C), "a[" + num(M) + "]", "b[" + num(C) + "]",
              Reg("p", M, C), PV);
      }
    W.close();
    W.line(Dl.barrier());
    W.close();
    W.line("/* Tiles of the pivot column are final already: not written. */");
    for (int64_t C = 0; C < TN; ++C) {
      W.open("if ((col0 + tx + " + num(BX * C) + ") / " + num(TT) + " != K)");
      for (int64_t M = 0; M < TM; ++M) {
        W.line("D[" + Element(M, C) + "] = " + Reg("c", M, C) + ";");
        if (R.Path)
          W.line("P[" + Element(M, C) + "] = " + Reg("p", M, C) + ";");
      }
      W.close();
    }
    W.close();
  }
};

} // namespace

std::string emitApspKernels(const ApspRegion &Region,
                            const KernelDialect &Dialect,
                            AddMinIntrinsics Intrinsics) {
  return KernelWriter(Region, Dialect, Intrinsics).run();
}

std::string apspSummary(const ApspRegion &R) {
  return "Region " + R.Name + " (" + R.SourceFile + ":" +
         std::to_string(R.SourceLine) + "): apsp, blocked Floyd-Warshall " +
         R.Params.str() + " (" + R.Params.Origin + "; t,TM,TN,l), n = " +
         (R.runTimeSize()
              ? R.NText + " at run time (tiles chosen for " +
                    std::to_string(R.N) + ")"
              : std::to_string(R.N) +
                    (R.Params.PaddedN != R.N
                         ? " padded to " + std::to_string(R.Params.PaddedN)
                         : "")) +
         ".";
}

} // namespace tilec
