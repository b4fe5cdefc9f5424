//===- ApspKernelEmitter.cpp - Blocked Floyd-Warshall kernels ------------===//
//
// Five kernels per region, all printed from the IR's parameters:
//   pack/unpack  copy the user's n x n matrix into the padded device matrix
//                (padding holds "no edge") and back;
//   fw_pivot     FW inside the pivot tile (one block; row and column k
//                published in local memory, double-buffered, one barrier
//                per k);
//   fw_panel     the pivot row and column tiles (one block each, the pivot
//                tile staged in local memory; without a path matrix as
//                (min, +) products, ApspPanelProduct.cpp);
//   fw_rest      every other tile, as a (min, +) matrix product
//                (ApspRestKernel.cpp).
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

#include "codegen/ApspKernelParts.h"

#include <cctype>

namespace tilec {
namespace {

using ir::ApspRegion;
using ir::PathSource;

std::string num(int64_t V) { return apspNum(V); }

class KernelWriter {
public:
  KernelWriter(const ApspRegion &R, const KernelDialect &Dl,
               AddMinIntrinsics Intrinsics)
      : R(R), P(R.Params), Dl(Dl), Intrinsics(Intrinsics),
        Rows(R.Params.PivotRows) {
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
    emitApspRestKernel(W, context(),
                       [&](const std::string &Base, int64_t RowsPerThread) {
                         int64_t Saved = Rows;
                         Rows = RowsPerThread;
                         closeTile(Base);
                         Rows = Saved;
                       });
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
  /// Rows of a tile each thread holds in the code being printed: the pivot
  /// and panel kernels' P.PivotRows, or the rest kernel's share when it
  /// closes the next pivot tile (closeTile).
  int64_t Rows;

  bool slicePath() const {
    return R.Path && R.Path->Source != PathSource::Pivot;
  }
  bool pathWithRow() const { return context().pathWithRow(); }
  bool pathWithColumn() const { return context().pathWithColumn(); }

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

  ApspKernelContext context() const { return {R, P, Dl, T, Macro}; }
  std::string global(const std::string &Type) const {
    return context().global(Type);
  }
  std::string params() const { return context().params(); }

  void addMinDefinition() {
    if (Dl.copiesAsynchronously()) {
      W.line("/* Asynchronous copies: the non-pivot kernel's slices. */");
      W.line(Dl.asyncCopyHeader());
      W.line();
    }
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

  void relax(const std::string &C, const std::string &A, const std::string &B,
             const std::string &PC, const std::string &PV) {
    emitApspRelax(W, context(), C, A, B, PC, PV);
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

  /// Row of the tile that element r of a thread (column tx, first row ty)
  /// holds.
  std::string rowOf(int64_t Rr) const {
    return Rr ? "ty + " + num(Rr * (P.Tile / Rows)) : "ty";
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
    W.line(T + " d[" + num(Rows) + "];");
    if (R.Path)
      W.line("int p[" + num(Rows) + "];");
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
      std::string Offset = "(size_t)(" + rowOf(Rr) + ") * n + tx";
      W.line("d[" + num(Rr) + "] = D[" + Base + " + " + Offset + "];");
      if (R.Path)
        W.line("p[" + num(Rr) + "] = P[" + Base + " + " + Offset + "];");
    }
  }

  void storeTile(const std::string &Base) {
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
      std::string Offset = "(size_t)(" + rowOf(Rr) + ") * n + tx";
      W.line("D[" + Base + " + " + Offset + "] = d[" + num(Rr) + "];");
      if (R.Path)
        W.line("P[" + Base + " + " + Offset + "] = p[" + num(Rr) + "];");
    }
  }

  /// Publishes this tile's row k or column k for step k.
  void publishRow() {
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
      W.open("if (" + rowOf(Rr) + " == k)");
      W.line("rowk[b][tx] = d[" + num(Rr) + "];");
      if (pathWithRow())
        W.line("prowk[b][tx] = p[" + num(Rr) + "];");
      W.close();
    }
  }
  void publishColumn() {
    W.open("if (tx == k)");
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
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
    W.line("/* Round K, phase 1: Floyd-Warshall inside the pivot tile" +
           std::string(P.PivotInRest ? " (round 0's: the rest kernel of "
                                       "round K - 1 closes round K's)"
                                     : "") +
           ". */");
    W.open(Dl.kernelPrefix() + " " + R.Name + "_fw_pivot(" + params() +
           ", const int prow)");
    localDeclarations(false);
    W.line("const int tx = " + Dl.localId(0) + ", ty = " + Dl.localId(1) + ";");
    W.line("const size_t base = (size_t)prow * n + K * " + num(P.Tile) + ";");
    closeTile("base");
    W.close();
    W.line();
  }

  /// Floyd-Warshall inside the t x t tile of D at `Base`, by t x (t / Rows)
  /// threads (tx, ty) holding Rows elements each, with rowk and colk in
  /// local memory.
  void closeTile(const std::string &Base) {
    loadTile(Base);
    W.open("for (int k = 0; k < " + num(P.Tile) + "; ++k)");
    W.line("const int b = k & 1;");
    publishRow();
    publishColumn();
    W.line(Dl.barrier());
    W.line("const " + T + " bk = rowk[b][tx];");
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
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
    storeTile(Base);
  }

  /// The panel kernel's signature, local memory and indices, and the pivot
  /// tile in local memory.
  void panelStart() {
    W.open(Dl.kernelPrefix() + " " + R.Name + "_fw_panel(" + params() +
           ", const int lo, const int prow, const int row_blocks)");
    localDeclarations(true);
    W.line("const int tx = " + Dl.localId(0) + ", ty = " + Dl.localId(1) + ";");
    emitApspPanelTile(W, context());
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
      std::string Row = rowOf(Rr);
      W.line("piv[" + Row + "][tx] = D[pivot + (size_t)(" + Row +
             ") * n + tx];");
      if (slicePath())
        W.line("ppiv[" + Row + "][tx] = P[pivot + (size_t)(" + Row +
               ") * n + tx];");
    }
  }

  void panel() {
    if (P.PanelProduct)
      return emitApspPanelProduct(W, context());
    W.line("/* Round K, phase 2: the pivot row tiles (the first row_blocks "
           "blocks, on the device holding tile row K: one per tile but the "
           "pivot), then the pivot column tiles of this device's tile rows "
           "but K. */");
    panelStart();
    std::string TT = num(P.Tile);
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
    for (int64_t Rr = 0; Rr < Rows; ++Rr) {
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
};

} // namespace

void emitApspRelax(CodeWriter &W, const ApspKernelContext &C,
                   const std::string &Element, const std::string &A,
                   const std::string &B, const std::string &PathElement,
                   const std::string &PathValue) {
  if (!C.R.Path) {
    W.line(Element + " = " + C.AddMin + "(" + A + ", " + B + ", " + Element +
           ");");
    return;
  }
  W.open("");
  W.line("const " + C.T + " s = " + A + " + " + B + ";");
  W.open("if (s < " + Element + ")");
  W.line(Element + " = s;");
  W.line(PathElement + " = " + PathValue + ";");
  W.close();
  W.close();
}

void emitApspPanelTile(CodeWriter &W, const ApspKernelContext &C) {
  std::string TT = apspNum(C.P.Tile);
  W.line("const int in_row = " + C.Dl.groupId(0) + " < row_blocks;");
  W.line("const int g = in_row ? " + C.Dl.groupId(0) + " : " + C.Dl.groupId(0) +
         " - row_blocks;");
  W.line("const int k_own = K - lo; /* outside [0, own) if not held */");
  W.line("const int J = in_row ? (g < K ? g : g + 1) : "
         "(k_own < 0 || g < k_own ? g : g + 1);");
  W.line("const size_t pivot = (size_t)prow * n + K * " + TT + ";");
  W.line("const size_t base = in_row ? (size_t)prow * n + J * " + TT +
         " : (size_t)J * " + TT + " * n + K * " + TT + ";");
}

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
