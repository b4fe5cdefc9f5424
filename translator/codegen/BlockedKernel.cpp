//===- BlockedKernel.cpp - Work groups own tiles staged on chip -----------===//
//
// Spatial and temporal blocking by overlapped tiling: each work group
// stages its block and a halo of r*T in local memory and advances it T
// steps, writing the points it owns.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelWriter.h"

#include <cctype>
#include <map>

namespace tilec {

using namespace ir;

namespace {

class BlockedKernel : public KernelWriter {
public:
  using KernelWriter::KernelWriter;

  /// Work groups own W x H x D blocks. The sources they read at offsets are
  /// staged in local memory with a halo of T steps (overlapped tiling);
  /// steps 1 .. T-1 update the shrinking part of the tile that later steps
  /// still read, and the last step writes the block's own points.
  void emit(CodeWriter &W) {
    const Mapping &M = R.Map;
    int64_t T = M.TimeBlock;
    BlockedNames N = blockedNames();
    std::vector<unsigned> Fields = calcKernelFields(R);
    std::string Shape;
    for (unsigned A = 0; A < R.dims(); ++A)
      Shape += (A ? "x" : "") + std::to_string(M.WorkGroup[A]);
    W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
           ": each work group owns a block of " + Shape + " points (z,y,x)" +
           (M.TiledFields.empty() ? ""
                                  : ", staged with its halo in local memory") +
           (T > 1 ? ", and advances it up to " + std::to_string(T) +
                        " steps per launch"
                  : "") +
           ". */");
    openCalcKernel(W, Fields, N.Steps);
    for (unsigned F : M.TiledFields)
      W.line(D.localArray(elementTypeName(R.Fields[F].Type), N.Tile[F],
                          tileDims(T > 1)));
    // The linear id walks the tile and the reduction's scratch; a block
    // with neither (no field read at an offset is staged) has no use for it.
    if (!M.TiledFields.empty() || R.Reduce)
      W.line("const int " + N.Lid + " = " + localLinearId() + ";");
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Origin = std::to_string(R.Axes[A].Lower) + " + (int)" +
                           D.groupId(R.dims() - 1 - A) + " * " +
                           std::to_string(M.WorkGroup[A]);
      int64_t Margin = M.HaloMinus[A] * T;
      if (Margin)
        Origin += " - " + std::to_string(Margin);
      W.line("const int " + N.Origin[A] + " = " + Origin + ";");
    }
    declareOuterLocals(W);

    std::string GroupSize = std::to_string(M.workGroupSize());
    if (!M.TiledFields.empty()) {
      std::vector<std::string> Extents, NoStart(R.dims());
      int64_t Volume = 1;
      for (unsigned A = 0; A < R.dims(); ++A) {
        Extents.push_back(std::to_string(M.Tile[A]));
        Volume *= M.Tile[A];
      }
      W.line("/* Stage the tile (zero outside the grid, where nothing reads "
             "it). */");
      W.open("for (int " + N.N + " = " + N.Lid + "; " + N.N + " < " +
             std::to_string(Volume) + "; " + N.N + " += " + GroupSize + ")");
      emitTileCoordinates(W, N, Extents, NoStart);
      std::string Inside = insideGrid();
      std::array<int64_t, MaxAxes> Zero{};
      for (unsigned F : M.TiledFields)
        W.line(tileElement(N, F, "0", Zero) + " = " + Inside + " ? " +
               printAccess(R, F, {}, Zero) + " : 0;");
      W.close();
      W.line(D.barrier());
    }

    std::string Cur = "0";
    if (T > 1) {
      W.line("/* Steps 1 .. " + N.Steps +
             " - 1 update the part of the tile "
             "that later steps still read. */");
      W.open("for (int " + N.Step + " = 1; " + N.Step + " < " + N.Steps + "; " +
             N.Step + "++)");
      W.line("const int " + N.Cur + " = (" + N.Step + " - 1) % 2, " + N.Next +
             " = " + N.Step + " % 2;");
      declarePerStepValues(W, N.Step + " - 1");
      // Walk the whole tile with constant extents (the compiler turns the
      // divisions into multiplications) and skip the rim that this step no
      // longer needs: runtime divisors cost more than the skipped items.
      std::vector<std::string> Extents, NoStart(R.dims());
      int64_t Volume = 1;
      for (unsigned A = 0; A < R.dims(); ++A) {
        Extents.push_back(std::to_string(M.Tile[A]));
        Volume *= M.Tile[A];
      }
      W.open("for (int " + N.N + " = " + N.Lid + "; " + N.N + " < " +
             std::to_string(Volume) + "; " + N.N + " += " + GroupSize + ")");
      emitTileCoordinates(W, N, Extents, NoStart);
      std::string Outside;
      auto Scaled = [&](int64_t Halo) {
        return Halo == 1 ? N.Step : std::to_string(Halo) + " * " + N.Step;
      };
      for (unsigned A = 0; A < R.dims(); ++A) {
        const std::string &C = N.TileCoord[A];
        if (M.HaloMinus[A])
          Outside += (Outside.empty() ? "" : " || ") + C + " < " +
                     Scaled(M.HaloMinus[A]);
        if (M.HaloPlus[A])
          Outside += (Outside.empty() ? "" : " || ") + C +
                     " >= " + std::to_string(M.Tile[A]) + " - " +
                     Scaled(M.HaloPlus[A]);
      }
      if (!Outside.empty()) {
        W.line("if (" + Outside + ")");
        W.indent().line("continue; /* no later step reads it */").dedent();
      }
      ExprPrintOptions Print = tilePrintOptions(N, N.Cur, N.Next);
      W.open("if (" + inCalcRange() + ")");
      for (const Statement &S : R.Update)
        W.line(printStatement(R, S, Print));
      W.closeOpen("else");
      std::array<int64_t, MaxAxes> Zero{};
      if (R.PingPong) {
        // Step s shows the boundary of the array it belongs to: the
        // other array's (from its buffer) on odd steps (PingPong.h).
        const CopyAssignment &Pair = R.Copy.Assignments.front();
        std::string Inside = insideGrid();
        W.line(tileElement(N, Pair.TargetField, N.Next, Zero) + " = !(" +
               Inside + ") ? 0 : " + N.Step + " % 2 ? " +
               pointAccess(pingPongBoundaryField().Name) + " : " +
               printAccess(R, Pair.TargetField, {}, Zero) + ";");
      } else {
        for (unsigned F : M.TiledFields)
          W.line(tileElement(N, F, N.Next, Zero) + " = " +
                 tileElement(N, F, N.Cur, Zero) + ";");
      }
      W.close();
      W.close();
      W.line(D.barrier());
      W.close();
      W.line("const int " + N.Cur + " = (" + N.Steps + " - 1) % 2;");
      Cur = N.Cur;
    }

    W.line("/* The last step: each work item updates the point it owns. */");
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Value = "(int)" + D.localId(R.dims() - 1 - A);
      if (M.HaloMinus[A] * T != 0)
        Value = std::to_string(M.HaloMinus[A] * T) + " + " + Value;
      W.line("const int " + N.TileCoord[A] + " = " + Value + ";");
    }
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      W.line("const " + X.LoopVariableType + " " + X.LoopVariable + " = " +
             N.Origin[A] + " + " + N.TileCoord[A] + ";");
    }
    declarePerStepValues(W, N.Steps + " - 1");
    emitPointUpdate(W, tilePrintOptions(N, Cur, ""), N.Lid);
    W.close();
  }

private:
  // --- Blocked mapping -------------------------------------------------------
  /// Names used by the blocked kernel, chosen to avoid the user's.
  struct BlockedNames {
    std::string Lid, Step, Steps, Cur, Next, N;
    std::vector<std::string> TileCoord, Origin; ///< Per axis.
    std::map<unsigned, std::string> Tile;       ///< Per tiled field.
  };

  BlockedNames blockedNames() const {
    BlockedNames N;
    N.Lid = fresh("lid");
    N.Step = fresh("step");
    N.Steps = fresh("steps");
    N.Cur = fresh("cur");
    N.Next = fresh("next");
    N.N = fresh("n");
    for (unsigned A = 0; A < R.dims(); ++A) {
      N.TileCoord.push_back(fresh(std::string("t") + R.axisName(A)));
      N.Origin.push_back(fresh(std::string(R.axisName(A)) + "0"));
    }
    for (unsigned F : R.Map.TiledFields)
      N.Tile[F] = fresh(R.Fields[F].Name + "_tile");
    return N;
  }

  /// A tile element: `A_tile[cur][tz - 1][ty][tx]`.
  std::string tileElement(const BlockedNames &N, unsigned Field,
                          const std::string &Copy,
                          const std::array<int64_t, MaxAxes> &Offsets) const {
    std::string Out = N.Tile.at(Field);
    if (R.Map.TimeBlock > 1)
      Out += "[" + Copy + "]";
    for (unsigned A = 0; A < R.dims(); ++A)
      Out += "[" + plusOffset(N.TileCoord[A], Offsets[A]) + "]";
    return Out;
  }

  /// Reads of staged fields come from the tile copy `Copy`; in the steps
  /// kept on chip (`WriteCopy` non-empty), writes of a destination go to its
  /// source's tile copy `WriteCopy`.
  ExprPrintOptions tilePrintOptions(const BlockedNames &N,
                                    const std::string &Copy,
                                    const std::string &WriteCopy) const {
    ExprPrintOptions Print = printOptions();
    std::map<unsigned, unsigned> SourceOf;
    for (const CopyAssignment &C : R.Copy.Assignments)
      SourceOf[C.ValueField] = C.TargetField;
    Print.FieldAccess = [this, &N, Copy, WriteCopy,
                         SourceOf](const Expr &E) -> std::string {
      if (N.Tile.count(E.FieldIndex))
        return tileElement(N, E.FieldIndex, Copy, E.Offsets);
      auto Source = SourceOf.find(E.FieldIndex);
      if (!WriteCopy.empty() && Source != SourceOf.end())
        return tileElement(N, Source->second, WriteCopy, {});
      return "";
    };
    return Print;
  }

  /// Declares tile coordinates from a linear index `N.N` over a box of
  /// `Extents`, shifted by `Start`, and the grid coordinates they stand for.
  void emitTileCoordinates(CodeWriter &W, const BlockedNames &N,
                           const std::vector<std::string> &Extents,
                           const std::vector<std::string> &Start) {
    for (unsigned A = 0; A < R.dims(); ++A) {
      std::string Stride;
      for (unsigned B = A + 1; B < R.dims(); ++B)
        Stride += (Stride.empty() ? "" : " * ") + Extents[B];
      std::string Value = N.N;
      if (!Stride.empty())
        Value += " / " + (A + 2 < R.dims() ? "(" + Stride + ")" : Stride);
      if (A > 0)
        Value += " % " + Extents[A];
      if (!Start[A].empty())
        Value = Start[A] + " + " + Value;
      W.line("const int " + N.TileCoord[A] + " = " + Value + ";");
    }
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      W.line("const " + X.LoopVariableType + " " + X.LoopVariable + " = " +
             N.Origin[A] + " + " + N.TileCoord[A] + ";");
    }
  }

  std::string tileDims(bool TwoCopies) const {
    std::string Dims = TwoCopies ? "[2]" : "";
    for (unsigned A = 0; A < R.dims(); ++A)
      Dims += "[" + std::to_string(R.Map.Tile[A]) + "]";
    return Dims;
  }
};

} // namespace

void emitBlockedCalc(const StencilRegion &Region, const KernelDialect &Dialect,
                     CodeWriter &W) {
  BlockedKernel(Region, Dialect).emit(W);
}

} // namespace tilec
