//===- FusedKernel.cpp - The stages of T steps in one kernel --------------===//
//
// A multi-stage region mapped by StageFusion: each work group stages every
// field the stages use over its block plus the halo of T steps, runs the
// stages in order in place on the tiles (each on the part later stages
// still read), and writes its block of every written field to that field's
// second buffer.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelWriter.h"
#include "rules/MappingRules.h"

#include <map>

namespace tilec {

using namespace ir;

namespace {

class FusedKernel : public KernelWriter {
public:
  FusedKernel(const StencilRegion &R, const KernelDialect &D)
      : KernelWriter(R, D) {
    Lid = fresh("lid");
    Step = fresh("step");
    Steps = fresh("steps");
    N = fresh("n");
    for (unsigned A = 0; A < R.dims(); ++A) {
      TileCoord.push_back(fresh(std::string("t") + R.axisName(A)));
      Origin.push_back(fresh(std::string(R.axisName(A)) + "0"));
    }
    for (unsigned F : R.Map.TiledFields) {
      Tile[F] = fresh(R.Fields[F].Name + "_tile");
      if (R.Fields[F].WrittenInCalc)
        Out[F] = fresh(R.Fields[F].Name + "_out");
    }
  }

  void emit(CodeWriter &W) {
    const Mapping &M = R.Map;
    const int64_t T = M.TimeBlock;
    std::string Shape;
    for (unsigned A = 0; A < R.dims(); ++A)
      Shape += (A ? "x" : "") + std::to_string(M.WorkGroup[A]);
    W.line("/* The " + std::to_string(R.Stages.size()) + " stages of " +
           R.SourceFile + ":" + std::to_string(R.SourceLine) +
           " in one kernel: each work group owns a block of " + Shape +
           " points, stages every field with its halo in local memory" +
           (T > 1
                ? ", and runs up to " + std::to_string(T) + " steps per launch"
                : "") +
           ". */");
    W.open(fusedSignature(Out, Steps));
    emitFusedViews(W, Out);
    std::string Dims;
    for (unsigned A = 0; A < R.dims(); ++A)
      Dims += "[" + std::to_string(M.Tile[A]) + "]";
    for (unsigned F : M.TiledFields)
      W.line(D.localArray(elementTypeName(R.Fields[F].Type), Tile.at(F), Dims));
    W.line("const int " + Lid + " = " + localLinearId() + ";");
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Value = std::to_string(R.Axes[A].Lower) + " + (int)" +
                          D.groupId(R.dims() - 1 - A) + " * " +
                          std::to_string(M.WorkGroup[A]);
      if (int64_t Margin = M.HaloMinus[A] * T)
        Value += " - " + std::to_string(Margin);
      W.line("const int " + Origin[A] + " = " + Value + ";");
    }

    W.line("/* Stage the tiles (zero outside the grid, where nothing reads "
           "them). */");
    openTileLoop(W);
    std::string Inside = insideGrid();
    std::array<int64_t, MaxAxes> Zero{};
    for (unsigned F : M.TiledFields)
      W.line(tileElement(F, Zero) + " = " + Inside + " ? " +
             printAccess(R, F, {}, Zero) + " : 0;");
    W.close();
    W.line(D.barrier());

    if (T > 1) {
      W.open("for (int " + Step + " = 0; " + Step + " < " + Steps + "; " +
             Step + "++)");
      declarePerStepValues(W, Step);
    }
    for (unsigned S = 0; S < R.Stages.size(); ++S)
      emitStage(W, S);
    if (T > 1)
      W.close();

    W.line("/* Each work item writes the point of the block it owns. */");
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Value = "(int)" + D.localId(R.dims() - 1 - A);
      if (int64_t Margin = M.HaloMinus[A] * T)
        Value = std::to_string(Margin) + " + " + Value;
      W.line("const int " + TileCoord[A] + " = " + Value + ";");
    }
    std::string Owned;
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      W.line("const " + X.LoopVariableType + " " + X.LoopVariable + " = " +
             Origin[A] + " + " + TileCoord[A] + ";");
      Owned += (A ? " && " : "") + X.LoopVariable + " < " + R.envelopeUpper(A);
    }
    W.open("if (" + Owned + ")");
    for (const auto &[F, Name] : Out)
      W.line(outAccess(F) + " = " + tileElement(F, Zero) + ";");
    W.close();
    W.close();
  }

private:
  std::string Lid, Step, Steps, N;
  std::vector<std::string> TileCoord, Origin;
  std::map<unsigned, std::string> Tile, Out;

  /// `A_tile[ty + 1][tx]`.
  std::string tileElement(unsigned F,
                          const std::array<int64_t, MaxAxes> &Offsets) const {
    std::string E = Tile.at(F);
    for (unsigned A = 0; A < R.dims(); ++A)
      E += "[" + plusOffset(TileCoord[A], Offsets[A]) + "]";
    return E;
  }

  /// The point of the work item in field F's second buffer.
  std::string outAccess(unsigned F) const {
    return Out.at(F) + printSubscripts(R, F, {}, {});
  }

  /// `for (n = lid; n < volume; n += group)` with the tile coordinates and
  /// the grid coordinates they stand for.
  void openTileLoop(CodeWriter &W) {
    const Mapping &M = R.Map;
    int64_t Volume = 1;
    for (unsigned A = 0; A < R.dims(); ++A)
      Volume *= M.Tile[A];
    W.open("for (int " + N + " = " + Lid + "; " + N + " < " +
           std::to_string(Volume) + "; " + N +
           " += " + std::to_string(M.workGroupSize()) + ")");
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Stride;
      for (unsigned B = A + 1; B < R.dims(); ++B)
        Stride += (Stride.empty() ? "" : " * ") + std::to_string(M.Tile[B]);
      std::string Value = N;
      if (!Stride.empty())
        Value += " / " + (A + 2 < R.dims() ? "(" + Stride + ")" : Stride);
      if (A > 0)
        Value += " % " + std::to_string(M.Tile[A]);
      W.line("const int " + TileCoord[A] + " = " + Value + ";");
    }
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      W.line("const " + X.LoopVariableType + " " + X.LoopVariable + " = " +
             Origin[A] + " + " + TileCoord[A] + ";");
    }
  }

  /// The rim of the tile, on one side of axis A, that stage `S` of the
  /// current step can no longer compute: its reads there would reach past
  /// what the stages before it computed. The radii of the steps done and of
  /// this step's stages up to S add up.
  std::string rim(unsigned S, unsigned A, bool Minus) const {
    const Mapping &M = R.Map;
    int64_t SoFar = 0;
    for (unsigned K = 0; K <= S; ++K) {
      Halo H = stageRadius(R.Stages[K], R.dims());
      SoFar += Minus ? H.Minus[A] : H.Plus[A];
    }
    int64_t PerStep = Minus ? M.HaloMinus[A] : M.HaloPlus[A];
    if (M.TimeBlock == 1 || PerStep == 0)
      return std::to_string(SoFar);
    std::string Done =
        PerStep == 1 ? Step : std::to_string(PerStep) + " * " + Step;
    return SoFar ? Done + " + " + std::to_string(SoFar) : Done;
  }

  void emitStage(CodeWriter &W, unsigned S) {
    const Stage &St = R.Stages[S];
    const Mapping &M = R.Map;
    W.line("/* Stage " + std::to_string(S + 1) + " (" + R.SourceFile + ":" +
           std::to_string(St.SourceLine) + "). */");
    openTileLoop(W);
    std::string Skip;
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Lo = rim(S, A, true), Hi = rim(S, A, false);
      const std::string &C = TileCoord[A];
      if (Lo != "0")
        Skip += (Skip.empty() ? "" : " || ") + C + " < " + Lo;
      std::string Bound = std::to_string(M.Tile[A]);
      Skip += (Skip.empty() ? "" : " || ") + C +
              " >= " + (Hi == "0" ? Bound : Bound + " - (" + Hi + ")");
    }
    std::string Range = "!(" + inStageRange(St) + ")";
    W.line("if (" + Skip + ")");
    W.indent().line("continue; /* its inputs are not all computed */").dedent();
    W.line("if (" + Range + ")");
    W.indent().line("continue; /* outside this stage's range */").dedent();
    emitStageBody(W, St, [this](unsigned F, const Offsets &O) {
      return tileElement(F, O);
    });
    W.close();
    W.line(D.barrier());
  }
};

} // namespace

void emitFusedCalc(const StencilRegion &Region, const KernelDialect &Dialect,
                   CodeWriter &W) {
  FusedKernel(Region, Dialect).emit(W);
}

} // namespace tilec
