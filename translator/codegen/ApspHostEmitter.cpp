//===- ApspHostEmitter.cpp - The host side of an apsp region -------------===//
//
// One host function per apsp region copies the matrix (and path matrix) to
// the device, padding it to a multiple of l * t on the device when needed,
// runs n/t pivot rounds of three launches and copies the result back. The
// call site that replaces the region calls it with the host matrices and
// leaves the loop variables as the serial loop would.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspEmitter.h"

#include "codegen/CodeWriter.h"

namespace tilec {

using ir::ApspRegion;

namespace {

std::string num(int64_t V) { return std::to_string(V); }

class HostWriter {
public:
  HostWriter(const ApspRegion &R, const HostDialect &D)
      : R(R), P(R.Params), D(D) {}

  std::string run() {
    const std::string T = elementType();
    const bool RunTime = R.runTimeSize();
    const int64_t Tiles = P.tiles();
    // A size known only at run time is padded on the device whatever it is.
    const bool Padded = RunTime || P.PaddedN != R.N;
    const int64_t Multiple = P.Tile * P.TilesPerBlock;
    W.line("/* Runs apsp region " + R.Name + " (" + R.SourceFile + ":" +
           std::to_string(R.SourceLine) + "): blocked Floyd-Warshall " +
           P.str() +
           (RunTime ? ", n / " + num(P.Tile) + " pivot rounds"
                    : ", " + num(Tiles) + " pivot rounds") +
           ". */");
    W.open(D.functionQualifier() + " " + apspFunctionSignature(R));
    W.line("tilec_note_one_device(" + D.slabCount() + ", \"apsp region " +
           R.Name + " (" + R.SourceFile + ":" + std::to_string(R.SourceLine) +
           ")\", \"blocked Floyd-Warshall\");");
    if (RunTime) {
      W.line("/* n padded to a multiple of l * t = " + num(Multiple) + ". */");
      W.line("const int tilec_n = (int)(((long)tilec_size + " +
             num(Multiple - 1) + ") / " + num(Multiple) + " * " +
             num(Multiple) + ");");
      W.line("const int tilec_tiles = tilec_n / " + num(P.Tile) + ";");
      W.line("int tilec_K;");
    } else {
      W.line("int " +
             (Padded ? "tilec_size = " + num(R.N) + ", " : std::string()) +
             "tilec_n = " + num(P.PaddedN) + ", tilec_K;");
    }
    // Group counts: numbers, or over tilec_tiles and tilec_n at run time.
    std::string TilesText = RunTime ? "tilec_tiles" : num(Tiles);
    auto Count = [&](int64_t Scale, int64_t Minus, int64_t Divisor) {
      if (!RunTime)
        return num((Tiles - Minus) * Scale / Divisor);
      std::string Out = Minus ? "(tilec_tiles - " + num(Minus) + ")"
                              : std::string("tilec_tiles");
      if (Scale != 1)
        Out = num(Scale) + " * " + Out;
      return Divisor == 1 ? Out : Out + " / " + num(Divisor);
    };
    int64_t PivotThreadsY = P.Tile / P.PivotRows;
    declare("pivot", R.Name + "_fw_pivot", {"1", "1"}, {P.Tile, PivotThreadsY});
    bool Panels = RunTime || Tiles > 1;
    if (Panels) {
      declare("panel", R.Name + "_fw_panel", {Count(2, 1, 1), "1"},
              {P.Tile, PivotThreadsY});
      declare("rest", R.Name + "_fw_rest",
              {Count(1, 0, P.TilesPerBlock), Count(1, 1, 1)},
              {P.blockCols(), P.blockRows()});
    }
    bool PathPacks = R.Path && R.Type != ApspElementType::Int;
    if (Padded) {
      std::string Rows = RunTime ? "tilec_n" : num(P.PaddedN);
      std::string Columns =
          RunTime ? "tilec_n / " + num(P.Tile) : num(P.PaddedN / P.Tile);
      for (const char *Kernel : {"pack", "unpack"}) {
        declare(Kernel, R.Name + "_fw_" + Kernel, {Columns, Rows}, {P.Tile, 1});
        if (PathPacks)
          declare(std::string(Kernel) + "_path",
                  R.Name + "_fw_" + Kernel + "_path", {Columns, Rows},
                  {P.Tile, 1});
      }
    }
    std::string Full =
        RunTime ? "(size_t)tilec_n * tilec_n"
                : "(size_t)" + num(P.PaddedN) + " * " + num(P.PaddedN);
    std::string User = RunTime ? "(size_t)tilec_size * tilec_size"
                               : "(size_t)" + num(R.N) + " * " + num(R.N);
    // (buffer, host parameter, name for messages)
    std::vector<std::array<std::string, 3>> Matrices = {
        {"tilec_D", "tilec_distance", R.Distance}};
    if (R.Path)
      Matrices.push_back({"tilec_P", "tilec_path", R.Path->Name});
    for (auto &[Buffer, HostData, Host] : Matrices) {
      std::string Type = Buffer == "tilec_D" ? T : "int";
      std::string Bytes = Full + " * sizeof(" + Type + ")";
      W.line(D.bufferType(Type) + Buffer + " = " +
             D.allocate(Type, Bytes, Host) + ";");
      std::string UserBytes = User + " * sizeof(" + Type + ")";
      if (Padded) {
        W.line(D.bufferType(Type) + Buffer +
               "_user = " + D.allocate(Type, UserBytes, Host) + ";");
        W.line(D.write(Buffer + "_user", HostData, UserBytes, Host));
        std::string Pack =
            Buffer == "tilec_D" || !PathPacks ? "pack" : "pack_path";
        launch(Pack, R.Name + "_fw_" + Pack,
               {Buffer, Buffer + "_user", "tilec_size", "tilec_n"});
      } else {
        W.line(D.write(Buffer, HostData, Bytes, Host));
      }
    }
    std::vector<std::string> Args = {"tilec_D"};
    if (R.Path)
      Args.push_back("tilec_P");
    Args.push_back("tilec_n");
    Args.push_back("tilec_K");
    W.open("for (tilec_K = 0; tilec_K < " + TilesText + "; ++tilec_K)");
    launch("pivot", R.Name + "_fw_pivot", Args);
    if (Panels) {
      // One tile has no panels and no rest.
      if (RunTime)
        W.open("if (tilec_tiles > 1)");
      launch("panel", R.Name + "_fw_panel", Args);
      launch("rest", R.Name + "_fw_rest", Args);
      if (RunTime)
        W.close();
    }
    W.close();
    for (auto &[Buffer, HostData, Host] : Matrices) {
      std::string Type = Buffer == "tilec_D" ? T : "int";
      if (Padded) {
        std::string Unpack =
            Buffer == "tilec_D" || !PathPacks ? "unpack" : "unpack_path";
        launch(Unpack, R.Name + "_fw_" + Unpack,
               {Buffer + "_user", Buffer, "tilec_size", "tilec_n"});
        W.line(D.read(Buffer + "_user", HostData,
                      User + " * sizeof(" + Type + ")", Host));
        W.line(D.release(Buffer + "_user"));
      } else {
        W.line(
            D.read(Buffer, HostData, Full + " * sizeof(" + Type + ")", Host));
      }
      W.line(D.release(Buffer));
    }
    W.close();
    return W.str();
  }

private:
  const ApspRegion &R;
  const ir::FwParams &P;
  const HostDialect &D;
  CodeWriter W;

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
};

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
  W.close();
  return W.str();
}

} // namespace tilec
