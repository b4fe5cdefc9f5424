//===- KernelEmitter.cpp - Print calc and copy kernels -------------------===//
#include "codegen/KernelEmitter.h"

#include "codegen/CodeWriter.h"
#include "ir/ExprPrinter.h"

#include <map>
#include <set>

namespace tilec {

using namespace ir;

std::string calcKernelName(const StencilRegion &R) { return R.Name + "_calc"; }
std::string copyKernelName(const StencilRegion &R) { return R.Name + "_copy"; }

std::vector<unsigned> calcKernelFields(const StencilRegion &R) {
  std::vector<unsigned> Fields;
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (R.Fields[I].ReadInCalc || R.Fields[I].WrittenInCalc)
      Fields.push_back(I);
  return Fields;
}

std::vector<unsigned> copyKernelFields(const StencilRegion &R) {
  std::vector<unsigned> Fields;
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    for (const CopyAssignment &C : R.Copy.Assignments)
      if (C.TargetField == I || C.ValueField == I) {
        Fields.push_back(I);
        break;
      }
  return Fields;
}

std::string reductionIdentity(const Reduction &Reduce) {
  bool Floating =
      Reduce.Type == ScalarType::Float || Reduce.Type == ScalarType::Double;
  bool Long = Reduce.Type == ScalarType::Long;
  switch (Reduce.Op) {
  case ReductionOp::Sum:
    return Reduce.Type == ScalarType::Float    ? "0.0f"
           : Reduce.Type == ScalarType::Double ? "0.0"
                                               : "0";
  case ReductionOp::Min:
    return Floating ? "INFINITY" : Long ? "LONG_MAX" : "INT_MAX";
  case ReductionOp::Max:
    return Floating ? "-INFINITY" : Long ? "LONG_MIN" : "INT_MIN";
  }
  return "0";
}

namespace {

class Emitter {
public:
  Emitter(const StencilRegion &R, const KernelDialect &D) : R(R), D(D) {}

  std::string run() {
    collectUserNames();
    CodeWriter W;
    if (R.Map.Kind == MappingKind::Blocked)
      emitBlockedCalc(W);
    else
      emitCalc(W);
    if (R.Copy.Strategy == CopyStrategy::Kernel) {
      W.line();
      emitCopy(W);
    }
    return W.str();
  }

private:
  const StencilRegion &R;
  const KernelDialect &D;
  /// Names the user's code uses in the kernel; kernel-internal names avoid
  /// them (see fresh()).
  std::set<std::string> UserNames;

  void collectUserNames() {
    for (const Field &F : R.Fields) {
      UserNames.insert(F.Name);
      UserNames.insert(F.Name + "_data");
    }
    for (const CapturedScalar &S : R.Scalars)
      UserNames.insert(S.Name);
    for (const LocalVariable &L : R.Locals)
      UserNames.insert(L.Name);
    for (const Axis &A : R.Axes)
      UserNames.insert(A.LoopVariable);
    if (R.Reduce)
      UserNames.insert(R.Reduce->Variable);
  }

  /// `Base`, or `Base_` etc. if the user's code already uses that name.
  std::string fresh(const std::string &Base) const {
    std::string Name = Base;
    while (UserNames.count(Name))
      Name += "_";
    return Name;
  }

  bool isConst(const Field &F, bool InCopy) const {
    if (InCopy) {
      for (const CopyAssignment &C : R.Copy.Assignments)
        if (&R.Fields[C.TargetField] == &F)
          return false;
      return true;
    }
    return !F.WrittenInCalc;
  }

  /// A field needs a typed view when it has more than one subscript.
  bool needsView(const Field &F) const {
    return F.ComponentExtents.size() + R.dims() > 1;
  }

  std::string pointerParam(const Field &F, bool Const) const {
    return D.globalSpace() + (Const ? "const " : "") + elementTypeName(F.Type) +
           " *" + D.restrictKeyword() + " " + F.Name +
           (needsView(F) ? "_data" : "");
  }

  /// `__global const float (*A)[NY][NX] = (...)A_data;`: lets the kernel
  /// index fields exactly as the user's C code does.
  std::string viewDeclaration(const Field &F, bool Const) const {
    std::string Inner;
    bool First = true;
    for (int64_t E : F.ComponentExtents) {
      if (!First)
        Inner += "[" + std::to_string(E) + "]";
      First = false;
    }
    for (const Axis &A : R.Axes) {
      if (!First)
        Inner += "[" + std::to_string(A.Extent) + "]";
      First = false;
    }
    std::string Type =
        D.globalSpace() + (Const ? "const " : "") + elementTypeName(F.Type);
    return Type + " (*" + F.Name + ")" + Inner + " = (" + Type + " (*)" +
           Inner + ")" + F.Name + "_data;";
  }

  std::string signature(const std::string &Name,
                        const std::vector<unsigned> &Fields, bool InCopy,
                        const std::vector<std::string> &Extra = {}) {
    std::vector<std::string> Params;
    for (unsigned I : Fields)
      Params.push_back(pointerParam(R.Fields[I], isConst(R.Fields[I], InCopy)));
    if (!InCopy) {
      for (const CapturedScalar &S : R.Scalars)
        Params.push_back(std::string("const ") + scalarTypeName(S.Type) + " " +
                         S.Name);
      if (R.Reduce)
        Params.push_back(D.globalSpace() + scalarTypeName(R.Reduce->Type) +
                         " *" + D.restrictKeyword() + " " + R.Reduce->Variable +
                         "_partial");
    }
    Params.insert(Params.end(), Extra.begin(), Extra.end());
    std::string Head = D.kernelPrefix() + " " + Name + "(";
    std::string Indent(Head.size(), ' ');
    std::string Out = Head;
    for (size_t I = 0; I < Params.size(); ++I)
      Out += (I ? ",\n" + Indent : "") + Params[I];
    return Out + ")";
  }

  /// Declares the loop variables from the global index, offset by the
  /// range's lower bound. Dimension 0 is the contiguous x axis.
  void emitIndices(CodeWriter &W, const std::array<int64_t, MaxAxes> &Lower) {
    for (unsigned A = R.dims(); A-- > 0;) {
      unsigned Dim = R.dims() - 1 - A;
      const Axis &X = R.Axes[A];
      W.line("const " + X.LoopVariableType + " " + X.LoopVariable + " = " +
             std::to_string(Lower[A]) + " + (" + X.LoopVariableType + ")" +
             D.globalId(Dim) + ";");
    }
  }

  std::string inRange(const std::array<int64_t, MaxAxes> &Upper) {
    std::string Cond;
    for (unsigned A = 0; A < R.dims(); ++A)
      Cond += (A ? " && " : "") + R.Axes[A].LoopVariable + " < " +
              std::to_string(Upper[A]);
    return Cond;
  }

  void emitViews(CodeWriter &W, const std::vector<unsigned> &Fields,
                 bool InCopy) {
    for (unsigned I : Fields)
      if (needsView(R.Fields[I]))
        W.line(viewDeclaration(R.Fields[I], isConst(R.Fields[I], InCopy)));
  }

  ExprPrintOptions printOptions() const {
    ExprPrintOptions Print;
    Print.Callee = [this](const std::string &N) { return D.mathFunction(N); };
    return Print;
  }

  /// Temporaries declared outside the calc nest are private to each point.
  void declareOuterLocals(CodeWriter &W) {
    for (const LocalVariable &L : R.Locals)
      if (!L.DeclaredInBody)
        W.line(std::string(scalarTypeName(L.Type)) + " " + L.Name + ";");
  }

  /// The update of the work item's own point, whose loop variables are
  /// declared; with a reduction, also the work group's share of it.
  void emitPointUpdate(CodeWriter &W, const ExprPrintOptions &Print,
                       const std::string &Lid = "") {
    std::array<int64_t, MaxAxes> Upper = R.calcUpper();
    if (!R.Reduce) {
      W.line("if (!(" + inRange(Upper) + "))");
      W.indent().line("return;").dedent();
      for (const Statement &S : R.Update)
        W.line(printStatement(R, S, Print));
      return;
    }
    const Reduction &Red = *R.Reduce;
    W.line(std::string(scalarTypeName(Red.Type)) + " " + Red.Variable + " = " +
           reductionIdentity(Red) +
           "; /* this work item's share of the reduction */");
    W.open("if (" + inRange(Upper) + ")");
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, Print));
    W.close();
    emitGroupReduction(W, Red, Lid);
  }

  void emitCalc(CodeWriter &W) {
    std::array<int64_t, MaxAxes> Lower = R.calcLower();
    std::vector<unsigned> Fields = calcKernelFields(R);
    W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
           ": one work item per grid point. */");
    W.open(signature(calcKernelName(R), Fields, false));
    emitViews(W, Fields, false);
    emitIndices(W, Lower);
    declareOuterLocals(W);
    emitPointUpdate(W, printOptions());
    W.close();
  }

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

  /// `tz - 1` style: a tile coordinate plus an offset.
  static std::string plusOffset(const std::string &Base, int64_t Offset) {
    if (Offset == 0)
      return Base;
    return Base + (Offset > 0 ? " + " : " - ") +
           std::to_string(Offset > 0 ? Offset : -Offset);
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

  /// 2.5D blocking: a work group of W x H items walks its column of the
  /// grid along z. Each iteration stages one more plane (block plus x/y
  /// halo) of every staged source into a ring of as many planes as the
  /// stencil reaches along z, then each item updates its point of the plane
  /// whose neighbours are all present. Loads per point approach one, and
  /// there is one barrier pair per plane.
  void emitStreamingCalc(CodeWriter &W) {
    const Mapping &M = R.Map;
    BlockedNames N = blockedNames();
    std::vector<unsigned> Fields = calcKernelFields(R);
    const Axis &Z = R.Axes[0];
    int64_t Planes = M.Tile[0], Behind = M.HaloMinus[0], Ahead = M.HaloPlus[0];
    W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
           ": each work group owns a " + std::to_string(M.WorkGroup[1]) + "x" +
           std::to_string(M.WorkGroup[2]) +
           " column (y,x) and streams it along z, with a ring of " +
           std::to_string(Planes) + " planes in local memory. */");
    W.open(signature(calcKernelName(R), Fields, false));
    emitViews(W, Fields, false);
    for (unsigned F : M.TiledFields)
      W.line(D.localArray(elementTypeName(R.Fields[F].Type), N.Tile[F],
                          tileDims(false)));
    W.line("const int " + N.Lid + " = " + localLinearId() + ";");
    for (unsigned A = 1; A < 3; ++A) {
      std::string Origin = std::to_string(R.Axes[A].Lower) + " + (int)" +
                           D.groupId(2 - A) + " * " +
                           std::to_string(M.WorkGroup[A]);
      if (M.HaloMinus[A])
        Origin += " - " + std::to_string(M.HaloMinus[A]);
      W.line("const int " + N.Origin[A] + " = " + Origin + ";");
    }
    W.line("const int " + N.TileCoord[1] + " = " +
           (M.HaloMinus[1] ? std::to_string(M.HaloMinus[1]) + " + " : "") +
           "(int)" + D.localId(1) + ";");
    W.line("const int " + N.TileCoord[2] + " = " +
           (M.HaloMinus[2] ? std::to_string(M.HaloMinus[2]) + " + " : "") +
           "(int)" + D.localId(0) + ";");
    for (unsigned A = 1; A < 3; ++A)
      W.line("const " + R.Axes[A].LoopVariableType + " " +
             R.Axes[A].LoopVariable + " = " + N.Origin[A] + " + " +
             N.TileCoord[A] + ";");
    declareOuterLocals(W);

    std::string Plane = fresh("plane"), First = fresh("first"),
                Last = fresh("last");
    std::string Chunk = std::to_string(M.StreamChunk);
    W.line("/* This group's chunk of planes: [" + First + ", " + Last +
           "). */");
    W.line("const int " + First + " = " + std::to_string(Z.Lower) + " + (int)" +
           D.groupId(2) + " * " + Chunk + ";");
    W.line("const int " + Last + " = " + First + " + " + Chunk + " < " +
           std::to_string(Z.Upper) + " ? " + First + " + " + Chunk + " : " +
           std::to_string(Z.Upper) + ";");
    W.open("for (int " + Plane + " = " + First +
           (Behind ? " - " + std::to_string(Behind) : "") + "; " + Plane +
           " < " + Last + (Ahead ? " + " + std::to_string(Ahead) : "") + "; " +
           Plane + "++)");
    // Stage plane `Plane` into its ring slot.
    std::string Slot = Plane + " % " + std::to_string(Planes);
    int64_t Area = M.Tile[1] * M.Tile[2];
    std::string Idx = fresh("n");
    W.open("for (int " + Idx + " = " + N.Lid + "; " + Idx + " < " +
           std::to_string(Area) + "; " + Idx +
           " += " + std::to_string(M.workGroupSize()) + ")");
    std::string Row = fresh("row"), Col = fresh("col");
    std::string GY = fresh("gy"), GX = fresh("gx");
    W.line("const int " + Row + " = " + Idx + " / " +
           std::to_string(M.Tile[2]) + ", " + Col + " = " + Idx + " % " +
           std::to_string(M.Tile[2]) + ";");
    W.line("const int " + GY + " = " + N.Origin[1] + " + " + Row + ", " + GX +
           " = " + N.Origin[2] + " + " + Col + ";");
    std::string Inside = "0 <= " + GY + " && " + GY + " < " +
                         std::to_string(R.Axes[1].Extent) + " && 0 <= " + GX +
                         " && " + GX + " < " + std::to_string(R.Axes[2].Extent);
    for (unsigned F : M.TiledFields)
      W.line(N.Tile[F] + "[" + Slot + "][" + Row + "][" + Col +
             "] = " + Inside + " ? " + R.Fields[F].Name + "[" + Plane + "][" +
             GY + "][" + GX + "] : 0;");
    W.close();
    W.line(D.barrier());
    // The plane `Ahead` behind the one just staged has all its neighbours.
    W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
           Plane + (Ahead ? " - " + std::to_string(Ahead) : "") + ";");
    ExprPrintOptions Print = printOptions();
    Print.FieldAccess = [&](const Expr &E) -> std::string {
      auto Tile = N.Tile.find(E.FieldIndex);
      if (Tile == N.Tile.end())
        return "";
      std::string ZIndex =
          E.Offsets[0] == 0
              ? Z.LoopVariable
              : "(" + plusOffset(Z.LoopVariable, E.Offsets[0]) + ")";
      return Tile->second + "[" + ZIndex + " % " + std::to_string(Planes) +
             "][" + plusOffset(N.TileCoord[1], E.Offsets[1]) + "][" +
             plusOffset(N.TileCoord[2], E.Offsets[2]) + "]";
    };
    W.open("if (" + Z.LoopVariable + " >= " + First + " && " +
           R.Axes[1].LoopVariable + " < " + std::to_string(R.Axes[1].Upper) +
           " && " + R.Axes[2].LoopVariable + " < " +
           std::to_string(R.Axes[2].Upper) + ")");
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, Print));
    W.close();
    W.line("/* The next plane overwrites a ring slot read above. */");
    W.line(D.barrier());
    W.close();
    W.close();
  }

  /// Work groups own W x H x D blocks. The sources they read at offsets are
  /// staged in local memory with a halo of T steps (overlapped tiling);
  /// steps 1 .. T-1 update the shrinking part of the tile that later steps
  /// still read, and the last step writes the block's own points.
  void emitBlockedCalc(CodeWriter &W) {
    if (R.Map.StreamZ) {
      emitStreamingCalc(W);
      return;
    }
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
    std::vector<std::string> Extra;
    if (T > 1)
      Extra.push_back("const int " + N.Steps);
    W.open(signature(calcKernelName(R), Fields, false, Extra));
    emitViews(W, Fields, false);
    for (unsigned F : M.TiledFields)
      W.line(D.localArray(elementTypeName(R.Fields[F].Type), N.Tile[F],
                          tileDims(T > 1)));
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
      std::string Inside;
      for (unsigned A = 0; A < R.dims(); ++A)
        Inside += (A ? " && " : "") + std::string("0 <= ") +
                  R.Axes[A].LoopVariable + " && " + R.Axes[A].LoopVariable +
                  " < " + std::to_string(R.Axes[A].Extent);
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
      std::string InCalc;
      for (unsigned A = 0; A < R.dims(); ++A)
        InCalc += (A ? " && " : "") + std::to_string(R.Axes[A].Lower) +
                  " <= " + R.Axes[A].LoopVariable + " && " +
                  R.Axes[A].LoopVariable + " < " +
                  std::to_string(R.Axes[A].Upper);
      ExprPrintOptions Print = tilePrintOptions(N, N.Cur, N.Next);
      W.open("if (" + InCalc + ")");
      for (const Statement &S : R.Update)
        W.line(printStatement(R, S, Print));
      W.closeOpen("else");
      std::array<int64_t, MaxAxes> Zero{};
      for (unsigned F : M.TiledFields)
        W.line(tileElement(N, F, N.Next, Zero) + " = " +
               tileElement(N, F, N.Cur, Zero) + ";");
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
    emitPointUpdate(W, tilePrintOptions(N, Cur, ""), N.Lid);
    W.close();
  }

  /// The work item's index within its group, x fastest.
  std::string localLinearId() const {
    std::string Id = D.localId(0), Stride;
    for (unsigned Dim = 1; Dim < R.dims(); ++Dim) {
      Stride += (Stride.empty() ? "" : " * ") +
                std::to_string(R.Map.WorkGroup[R.dims() - Dim]);
      Id += " + " + Stride + " * " + D.localId(Dim);
    }
    return "(int)(" + Id + ")";
  }

  /// Tree reduction of the work group's values in local memory; the first
  /// work item writes the group's result, which the host combines. `Lid`
  /// names the local linear index, declared here when empty.
  void emitGroupReduction(CodeWriter &W, const Reduction &Red,
                          std::string Lid = "") {
    int64_t GroupSize = R.Map.workGroupSize();
    std::string Type = scalarTypeName(Red.Type);
    std::string Scratch = fresh(Red.Variable + "_scratch");
    std::string Group = D.groupId(0), GroupStride;
    for (unsigned Dim = 1; Dim < R.dims(); ++Dim) {
      GroupStride += (GroupStride.empty() ? "" : " * ") + D.groupCount(Dim - 1);
      Group += " + " + GroupStride + " * " + D.groupId(Dim);
    }
    W.line(D.localArray(Type, Scratch, "[" + std::to_string(GroupSize) + "]"));
    if (Lid.empty()) {
      Lid = fresh("lid");
      W.line("const int " + Lid + " = " + localLinearId() + ";");
    }
    std::string Stride = fresh("stride");
    W.line(Scratch + "[" + Lid + "] = " + Red.Variable + ";");
    W.line(D.barrier());
    W.open("for (int " + Stride + " = " + std::to_string(GroupSize / 2) + "; " +
           Stride + " > 0; " + Stride + " /= 2)");
    std::string Mine = Scratch + "[" + Lid + "]",
                Other = Scratch + "[" + Lid + " + " + Stride + "]";
    std::string Combined =
        Red.Op == ReductionOp::Sum ? Mine + " + " + Other
        : Red.Op == ReductionOp::Min
            ? Other + " < " + Mine + " ? " + Other + " : " + Mine
            : Other + " > " + Mine + " ? " + Other + " : " + Mine;
    W.line("if (" + Lid + " < " + Stride + ")");
    W.indent().line(Mine + " = " + Combined + ";").dedent();
    W.line(D.barrier());
    W.close();
    W.line("if (" + Lid + " == 0)");
    W.indent()
        .line(Red.Variable + "_partial[" + Group + "] = " + Scratch + "[0];")
        .dedent();
  }

  void emitCopy(CodeWriter &W) {
    std::vector<unsigned> Fields = copyKernelFields(R);
    W.line("/* copy nest of " + R.SourceFile + ":" +
           std::to_string(R.SourceLine) +
           ", run as a kernel: " + R.Copy.StrategyReason + ". */");
    W.open(signature(copyKernelName(R), Fields, true));
    emitViews(W, Fields, true);
    emitIndices(W, R.Copy.Lower);
    W.line("if (!(" + inRange(R.Copy.Upper) + "))");
    W.indent().line("return;").dedent();
    std::array<int64_t, MaxAxes> Zero{};
    for (const CopyAssignment &C : R.Copy.Assignments)
      W.line(printAccess(R, C.TargetField, C.TargetComponents, Zero) + " = " +
             printAccess(R, C.ValueField, C.ValueComponents, Zero) + ";");
    W.close();
  }
};

} // namespace

std::string emitKernels(const StencilRegion &Region,
                        const KernelDialect &Dialect) {
  return Emitter(Region, Dialect).run();
}

} // namespace tilec
