//===- ApspHostEmitter.cpp - The host side of an apsp region -------------===//
//
// One host function per apsp region copies the matrix (and path matrix) to
// the devices, padding it to a multiple of l * t on the devices when needed,
// runs n/t pivot rounds and copies the result back. The tile rows are
// spread over the devices (TILEC_DEVICES), as evenly as they go: in round
// K the device holding tile row K runs the pivot tile and the pivot row
// tiles and sends that tile row to every other device; then each device
// runs the pivot column tiles and the rest of its own tile rows. The
// call site that replaces the region calls it with the host matrices and
// leaves the loop variables as the serial loop would.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspEmitter.h"

#include "codegen/CodeWriter.h"
#include "rules/ApspTileRules.h"

namespace tilec {

using ir::ApspRegion;

namespace {

std::string num(int64_t V) { return std::to_string(V); }

class HostWriter {
public:
  HostWriter(const ApspRegion &R, const HostDialect &D)
      : R(R), P(R.Params), D(D) {}

  std::string run() {
    const bool RunTime = R.runTimeSize();
    const int64_t Tiles = P.tiles();
    // A size known only at run time is padded on the device whatever it is.
    Padded = RunTime || P.PaddedN != R.N;
    const int64_t Multiple = P.Tile * P.TilesPerBlock;
    W.line("/* Runs apsp region " + R.Name + " (" + R.SourceFile + ":" +
           std::to_string(R.SourceLine) + "): blocked Floyd-Warshall " +
           P.str() +
           (RunTime ? ", n / " + num(P.Tile) + " pivot rounds"
                    : ", " + num(Tiles) + " pivot rounds") +
           ", the tile rows spread over the devices (TILEC_DEVICES). */");
    W.openBlock(D.functionQualifier() + " " + apspFunctionSignature(R));
    if (RunTime) {
      W.line("/* n padded to a multiple of l * t = " + num(Multiple) + ". */");
      W.line("const int tilec_n = (int)(((long)tilec_size + " +
             num(Multiple - 1) + ") / " + num(Multiple) + " * " +
             num(Multiple) + ");");
      W.line("const int tilec_tiles = tilec_n / " + num(P.Tile) + ";");
    } else {
      W.line("const int " +
             (Padded ? "tilec_size = " + num(R.N) + ", " : std::string()) +
             "tilec_n = " + num(P.PaddedN) + ", tilec_tiles = " + num(Tiles) +
             ";");
    }
    W.line("const int tilec_slabs = " + D.slabCount() + ";");
    W.line("/* Slab s holds tile rows [lo, lo + own), its rows first in its "
           "buffers, then room for tile row K when another slab holds it. */");
    W.line("int tilec_lo[TILEC_MAX_SLABS], tilec_own[TILEC_MAX_SLABS];");
    for (const Matrix &M : matrices()) {
      W.line(D.bufferType(M.Type) + M.Buffer + "[TILEC_MAX_SLABS];");
      if (Padded)
        W.line(D.bufferType(M.Type) + M.Buffer +
               "_user[TILEC_MAX_SLABS]; /* the user's rows */");
    }
    copyIn();
    rounds();
    copyOut();
    W.close();
    return W.str();
  }

private:
  const ApspRegion &R;
  const ir::FwParams &P;
  const HostDialect &D;
  CodeWriter W;
  bool Padded = false;

  /// The distance matrix and the path matrix, if any.
  struct Matrix {
    std::string Buffer, HostData, Name, Type;
    bool Packs; ///< Its own pack kernels (paths beside non-int distances).
  };
  std::vector<Matrix> matrices() const {
    std::vector<Matrix> Out = {
        {"tilec_D", "tilec_distance", R.Distance, elementType(), false}};
    if (R.Path)
      Out.push_back({"tilec_P", "tilec_path", R.Path->Name, "int",
                     R.Type != ApspElementType::Int});
    return Out;
  }

  std::string elementType() const {
    return R.Type == ApspElementType::Unsigned ? "unsigned int"
                                               : apspElementTypeName(R.Type);
  }

  /// A kernel of `Groups` work groups (x, y) of `Local` work items.
  void declare(const std::string &Var, const std::string &Kernel,
               std::array<std::string, 2> Groups,
               std::array<int64_t, 2> Local) {
    LaunchShape S;
    S.Dims = 2;
    S.Groups = {Groups[0], Groups[1], "1"};
    S.Local = {Local[0], Local[1], 1};
    D.declareKernel(W, Kernel, "tilec_" + Var, S);
  }

  void launch(const std::string &Var, const std::string &Kernel,
              const std::vector<std::string> &Args) {
    D.launch(W, Kernel, "tilec_" + Var, Args);
  }

  std::vector<std::string> matrixArgs(const std::string &Slab) const {
    std::vector<std::string> Args = {"tilec_D[" + Slab + "]"};
    if (R.Path)
      Args.push_back("tilec_P[" + Slab + "]");
    Args.push_back("tilec_n");
    Args.push_back("tilec_K");
    return Args;
  }

  void openSlabLoop() {
    W.declare("int tilec_s;");
    W.open("for (tilec_s = 0; tilec_s < tilec_slabs; tilec_s++)");
  }

  /// The host matrix from the slab's first row, rows `Width` wide.
  std::string hostRows(const Matrix &M, const std::string &Width,
                       bool Const) const {
    return std::string(Const ? "(const char *)" : "(char *)") + M.HostData +
           " + (size_t)tilec_first * " + Width + " * sizeof(" + M.Type + ")";
  }
  /// Bytes of `Rows` rows `Width` wide.
  std::string rowsBytes(const Matrix &M, const std::string &Rows,
                        const std::string &Width) const {
    return "(size_t)" + Rows + " * " + Width + " * sizeof(" + M.Type + ")";
  }
  /// The rows of the slab's own tile rows.
  std::string ownRows() const { return "tilec_own[tilec_s] * " + num(P.Tile); }
  /// The slab's first row and, padded, how many of the user's rows it
  /// holds (none past the last).
  void slabRows() {
    W.line("const int tilec_first = tilec_lo[tilec_s] * " + num(P.Tile) + ";");
    if (Padded)
      W.line("const int tilec_user_rows = tilec_first >= tilec_size ? 0 : "
             "tilec_size - tilec_first < tilec_own[tilec_s] * " +
             num(P.Tile) +
             " ? tilec_size - tilec_first : tilec_own[tilec_s] * " +
             num(P.Tile) + ";");
  }
  void copyIn();
  void rounds();
  void copyOut();
};

void HostWriter::copyIn() {
  openSlabLoop();
  W.line("tilec_lo[tilec_s] = (int)((long)tilec_tiles * tilec_s / "
         "tilec_slabs);");
  W.line("tilec_own[tilec_s] = (int)((long)tilec_tiles * (tilec_s + 1) / "
         "tilec_slabs) - tilec_lo[tilec_s];");
  W.line(D.useSlab("tilec_s"));
  W.line("const size_t tilec_rows = (size_t)(tilec_own[tilec_s] + "
         "(tilec_slabs > 1)) * " +
         num(P.Tile) + ";");
  slabRows();
  for (const Matrix &M : matrices()) {
    std::string Buffer = M.Buffer + "[tilec_s]";
    W.line(Buffer + " = " +
           D.allocate(M.Type, "tilec_rows * tilec_n * sizeof(" + M.Type + ")",
                      M.Name) +
           ";");
    if (!Padded) {
      W.line(D.write(Buffer, hostRows(M, "tilec_n", true),
                     rowsBytes(M, ownRows(), "tilec_n"), M.Name));
      continue;
    }
    std::string User = M.Buffer + "_user[tilec_s]";
    std::string Bytes = "(size_t)(tilec_user_rows > 0 ? tilec_user_rows : 1) * "
                        "tilec_size * sizeof(" +
                        M.Type + ")";
    W.line(User + " = " + D.allocate(M.Type, Bytes, M.Name) + ";");
    W.line("if (tilec_user_rows > 0)");
    W.indent().line(D.write(User, hostRows(M, "tilec_size", true),
                            rowsBytes(M, "tilec_user_rows", "tilec_size"),
                            M.Name));
    W.dedent();
    std::string Pack = M.Packs ? "pack_path" : "pack";
    // A slab of no tile rows (more devices than tile rows) packs none.
    W.open("if (tilec_own[tilec_s] > 0)");
    declare(Pack, R.Name + "_fw_" + Pack,
            {"tilec_n / " + num(P.Tile), "tilec_own[tilec_s] * " + num(P.Tile)},
            {P.Tile, 1});
    launch(Pack, R.Name + "_fw_" + Pack,
           {Buffer, User, "tilec_size", "tilec_n", "tilec_first"});
    W.close();
  }
  W.close();
}

void HostWriter::rounds() {
  int64_t PivotThreadsY = P.Tile / P.PivotRows;
  std::string TT = num(P.Tile);
  auto Panel = [&](const std::string &Slab, const std::string &Groups) {
    std::vector<std::string> Args = matrixArgs(Slab);
    for (const char *A : {"tilec_lo[tilec_s]", "tilec_row", "tilec_row_blocks"})
      Args.push_back(A);
    // The product's threads own a square of elements each, the pivot by
    // pivot form's a column of rows like the pivot kernel's.
    int64_t ProductSide = P.Tile / FwPanelProductSide;
    declare("panel", R.Name + "_fw_panel", {Groups, "1"},
            P.PanelProduct ? std::array<int64_t, 2>{ProductSide, ProductSide}
                           : std::array<int64_t, 2>{P.Tile, PivotThreadsY});
    launch("panel", R.Name + "_fw_panel", Args);
  };
  W.declare("int tilec_K, tilec_o;");
  W.open("for (tilec_K = 0, tilec_o = 0; tilec_K < tilec_tiles; ++tilec_K)");
  W.line("/* Slab o holds tile row K: the pivot tile and the pivot row. */");
  W.line("while (tilec_K >= tilec_lo[tilec_o] + tilec_own[tilec_o])");
  W.indent().line("tilec_o++;").dedent();
  W.line("const int tilec_prow = (tilec_K - tilec_lo[tilec_o]) * " + TT + ";");
  W.line(D.useSlab("tilec_o"));
  if (P.PivotInRest) {
    W.line("/* Round 0's pivot tile; the rest launch of round K - 1 closes "
           "round K's. */");
    W.open("if (tilec_K == 0)");
  } else {
    W.open("");
  }
  std::vector<std::string> Args = matrixArgs("tilec_o");
  Args.push_back("tilec_prow");
  declare("pivot", R.Name + "_fw_pivot", {"1", "1"}, {P.Tile, PivotThreadsY});
  launch("pivot", R.Name + "_fw_pivot", Args);
  W.close();
  if (!R.runTimeSize() && P.tiles() == 1) {
    W.close(); // One tile: no panels and no rest.
    return;
  }
  if (R.runTimeSize()) {
    W.line("if (tilec_tiles == 1)");
    W.indent().line("break; /* one tile: no panels and no rest */").dedent();
  }
  W.line("/* The holder first: the others need the pivot row it computes. */");
  W.declare("int tilec_i;");
  W.open("for (tilec_i = 0; tilec_i < tilec_slabs; tilec_i++)");
  W.line("const int tilec_s = (tilec_o + tilec_i) % tilec_slabs;");
  W.line("if (tilec_own[tilec_s] == 0)");
  W.indent().line("continue;").dedent();
  W.line("const int tilec_holder = tilec_i == 0;");
  W.line(D.useSlab("tilec_s"));
  W.line("const int tilec_row = tilec_holder ? tilec_prow : tilec_own[tilec_s] "
         "* " +
         TT + ";");
  W.line("/* The pivot row tiles (the holder's), then the pivot column tiles "
         "of this slab's tile rows but K. */");
  W.line("const int tilec_row_blocks = tilec_holder ? tilec_tiles - 1 : 0;");
  W.line("const int tilec_others = tilec_own[tilec_s] - tilec_holder;");
  // None of either where the slab holds tile row K alone: CUDA refuses a
  // launch of no blocks (OpenCL's launches skip one).
  W.open("if (tilec_row_blocks + tilec_others > 0)");
  Panel("tilec_s", "tilec_row_blocks + tilec_others");
  W.close();
  W.line("/* Then the pivot row goes to every other slab, after its own rows, "
         "all copies side by side while the holder goes on with its rest. */");
  W.open("if (tilec_holder)");
  W.declare("int tilec_d;");
  W.open("for (tilec_d = 0; tilec_d < tilec_slabs; tilec_d++)");
  W.line("if (tilec_d == tilec_o || tilec_own[tilec_d] == 0)");
  W.indent().line("continue;").dedent();
  for (const Matrix &M : matrices()) {
    std::string Row = "tilec_n * sizeof(" + M.Type + ")";
    W.line(D.copyBetween(M.Buffer + "[tilec_d]", "tilec_d",
                         "(size_t)tilec_own[tilec_d] * " + TT + " * " + Row,
                         M.Buffer + "[tilec_o]", "tilec_o",
                         "(size_t)tilec_prow * " + Row,
                         "(size_t)" + TT + " * " + Row, M.Name + " pivot row"));
  }
  W.close();
  W.close();
  W.open("if (tilec_others > 0)");
  Args = matrixArgs("tilec_s");
  for (const char *A : {"tilec_lo[tilec_s]", "tilec_row"})
    Args.push_back(A);
  declare("rest", R.Name + "_fw_rest",
          {"tilec_tiles / " + num(P.TilesPerBlock), "tilec_others"},
          {P.blockCols(), P.blockRows()});
  launch("rest", R.Name + "_fw_rest", Args);
  W.close();
  W.line("if (tilec_holder)");
  W.indent().line(D.exchangeEnd()).dedent();
  W.close();
  W.close();
}

void HostWriter::copyOut() {
  openSlabLoop();
  W.line(D.useSlab("tilec_s"));
  slabRows();
  for (const Matrix &M : matrices()) {
    std::string Buffer = M.Buffer + "[tilec_s]";
    if (Padded) {
      std::string User = M.Buffer + "_user[tilec_s]";
      std::string Unpack = M.Packs ? "unpack_path" : "unpack";
      W.open("if (tilec_user_rows > 0)");
      declare(Unpack, R.Name + "_fw_" + Unpack,
              {"tilec_n / " + num(P.Tile), "tilec_user_rows"}, {P.Tile, 1});
      launch(Unpack, R.Name + "_fw_" + Unpack,
             {User, Buffer, "tilec_size", "tilec_n", "tilec_first"});
      W.line(D.read(User, hostRows(M, "tilec_size", false),
                    rowsBytes(M, "tilec_user_rows", "tilec_size"), M.Name));
      W.close();
      W.line(D.release(User));
    } else {
      W.line(D.read(Buffer, hostRows(M, "tilec_n", false),
                    rowsBytes(M, ownRows(), "tilec_n"), M.Name));
    }
    W.line(D.release(Buffer));
  }
  W.close();
  W.line(D.useSlab("0"));
}

} // namespace

std::string apspFunctionSignature(const ApspRegion &Region) {
  return "void tilec_" + Region.Name + "_run(void *tilec_distance" +
         (Region.Path ? ", void *tilec_path" : "") +
         (Region.runTimeSize() ? ", int tilec_size)" : ")");
}

std::string emitApspHostFunction(const ApspRegion &Region,
                                 const HostDialect &Dialect) {
  return HostWriter(Region, Dialect).run();
}

std::string emitApspCallSite(const ApspRegion &Region,
                             const std::string &Where) {
  CodeWriter W;
  W.open("");
  W.line("/* tilec: apsp region " + Region.Name + " (" + Region.SourceFile +
         ":" + std::to_string(Region.SourceLine) + ") on " + Where +
         ": blocked Floyd-Warshall " + Region.Params.str() + ". */");
  // The first element, of a matrix declared with its shape or flat.
  auto First = [&](const std::string &Name) {
    return Region.Flat ? "&" + Name + "[0]" : "&" + Name + "[0][0]";
  };
  std::string Args = First(Region.Distance);
  if (Region.Path)
    Args += ", " + First(Region.Path->Name);
  if (Region.runTimeSize()) {
    // Checked before any device work: an int extent whose padded matrices
    // fit in memory.
    const ir::FwParams &P = Region.Params;
    std::string What = "apsp region " + Region.Name + " (" + Region.SourceFile +
                       ":" + std::to_string(Region.SourceLine) + ")";
    W.line("const int tilec_size = tilec_check_extent(\"" + What + "\", \"" +
           Region.Distance + "\", \"rows and columns\", \"" + Region.NText +
           "\", (long long)(" + Region.NText + "));");
    std::string Padded =
        "((size_t)tilec_size + " + num(P.Tile * P.TilesPerBlock - 1) + ") / " +
        num(P.Tile * P.TilesPerBlock) + " * " + num(P.Tile * P.TilesPerBlock);
    W.line("(void)tilec_check_bytes(\"" + What + "\", \"" + Region.Distance +
           "\", 1, " + Padded + ", " + Padded + ", 1, sizeof *" +
           First(Region.Distance) + ");");
    Args += ", tilec_size";
  }
  W.line("tilec_" + Region.Name + "_run(" + Args + ");");
  if (!Region.LoopVariablesReadAfter.empty())
    W.line("/* Leave the loop variables as the serial loop would. */");
  for (const std::string &V : Region.LoopVariablesReadAfter)
    W.line(V + " = " + Region.sizeText() + ";");
  if (!Region.LoopVariablesUnusedOutside.empty()) {
    std::string Unused;
    for (const std::string &V : Region.LoopVariablesUnusedOutside)
      Unused += (Unused.empty() ? "(void)" : " (void)") + V + ";";
    W.line("/* Only the region's loops used these variables. */");
    W.line(Unused);
  }
  // A static min function the loop called may have no other caller now:
  // cc -Wall would warn that it is unused, as it did not for the user's.
  if (Region.Form == ir::UpdateForm::MinCall && Region.MinFunction != "fmin" &&
      Region.MinFunction != "fminf") {
    W.line("/* The kernels compute what " + Region.MinFunction +
           " did in the loop. */");
    W.line("(void)" + Region.MinFunction + ";");
  }
  W.close();
  return W.str();
}

} // namespace tilec
