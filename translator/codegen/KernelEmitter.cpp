//===- KernelEmitter.cpp - Print calc and copy kernels -------------------===//
#include "codegen/KernelEmitter.h"

#include "codegen/CodeWriter.h"
#include "ir/ExprPrinter.h"

#include <cctype>
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

  // --- Streaming (2.5D) mapping ----------------------------------------------

  /// Names used by the streaming kernel, chosen to avoid the user's.
  struct StreamNames {
    std::string Row, First, Last, Slot, Steps, Level;
    std::vector<std::string> Coord; ///< Per axis; [0] unused.
    std::map<unsigned, std::string> Window, Value, Ring, Next; ///< Per field.
  };

  StreamNames streamNames() const {
    StreamNames N;
    N.Row = fresh("row");
    N.First = fresh("first");
    N.Last = fresh("last");
    N.Slot = fresh("slot");
    N.Steps = fresh("steps");
    N.Level = fresh("level");
    for (unsigned A = 0; A < R.dims(); ++A)
      N.Coord.push_back(fresh(std::string("t") + R.axisName(A)));
    for (unsigned F : R.Map.TiledFields) {
      const std::string &Name = R.Fields[F].Name;
      N.Window[F] = fresh(Name + "_rows");
      N.Value[F] = fresh(Name + "_new");
      N.Ring[F] = fresh(Name + "_ring");
      N.Next[F] = fresh(Name + "_next");
    }
    return N;
  }

  /// The tiled source whose next value a write of `Field` produces: the
  /// field itself, or the source the copy nest assigns it to.
  unsigned streamedSourceOf(unsigned Field) const {
    for (const CopyAssignment &C : R.Copy.Assignments)
      if (C.ValueField == Field)
        return C.TargetField;
    return Field;
  }

  /// `lo <= v && v < hi` for every axis: the point is in the calc range.
  std::string inCalcRange() const {
    std::string Cond;
    for (unsigned A = 0; A < R.dims(); ++A)
      Cond += (A ? " && " : "") + std::to_string(R.Axes[A].Lower) +
              " <= " + R.Axes[A].LoopVariable + " && " +
              R.Axes[A].LoopVariable + " < " + std::to_string(R.Axes[A].Upper);
    return Cond;
  }

  /// How one step (level) of the streaming kernel reads and writes fields.
  /// Level 1 reads the input: the column's own values from the registers
  /// that hold the rows around it, the rest from global memory (caches
  /// serve them). Later levels read the level below from its registers and
  /// its ring in local memory. Levels below T write registers; level T
  /// writes global memory.
  ExprPrintOptions levelPrintOptions(const StreamNames &N,
                                     const std::string &Level, bool First,
                                     bool Final) const {
    const Mapping &M = R.Map;
    ExprPrintOptions Print = printOptions();
    Print.FieldAccess = [this, &N, &M, Level, First,
                         Final](const Expr &E) -> std::string {
      unsigned F = E.FieldIndex;
      bool Tiled = N.Window.count(F);
      if (!Tiled) {
        // A write of a destination: the next value of its source.
        unsigned Source = streamedSourceOf(F);
        if (Final || Source == F || !N.Value.count(Source))
          return "";
        return N.Value.at(Source) + "[" + Level + "]";
      }
      bool Inner = false;
      for (unsigned A = 1; A < R.dims(); ++A)
        Inner |= E.Offsets[A] != 0;
      std::string Below = First ? "0" : levelMinus(Level, 1);
      if (!Inner)
        return N.Window.at(F) + "[" + Below + "][" +
               std::to_string(M.HaloMinus[0] + E.Offsets[0]) + "]";
      if (First)
        return "";
      // Row p + dz of the level below was written dz - hp - 1 iterations
      // after this iteration's row (see emitStreamedCalc).
      int64_t Back = M.Tile[0] - 1 - M.HaloPlus[0] + E.Offsets[0];
      std::string Out = N.Ring.at(F) + "[" + levelMinus(Level, 2) + "][(" +
                        N.Slot + " + " + std::to_string(Back) + ") % " +
                        std::to_string(M.Tile[0]) + "]";
      for (unsigned A = 1; A < R.dims(); ++A)
        Out +=
            "[" + plusOffset(N.Coord[A], M.HaloMinus[A] + E.Offsets[A]) + "]";
      return Out;
    };
    return Print;
  }

  /// `Level - K`, folded when the level is a number.
  static std::string levelMinus(const std::string &Level, int K) {
    if (!Level.empty() && std::isdigit(static_cast<unsigned char>(Level[0])))
      return std::to_string(std::stoi(Level) - K);
    return Level + " - " + std::to_string(K);
  }

  /// One level: the row it produces, then the update where the point is in
  /// the calc range (and the launch still does this step), the level
  /// below's value passed through elsewhere.
  void emitLevel(CodeWriter &W, const StreamNames &N, const std::string &Level,
                 bool First, bool Final) {
    const Mapping &M = R.Map;
    const Axis &Z = R.Axes[0];
    int64_t Lag = M.HaloPlus[0] + 1;
    bool Numeric = std::isdigit(static_cast<unsigned char>(Level[0]));
    std::string Lagged = Numeric    ? std::to_string(Lag * std::stoi(Level))
                         : Lag == 1 ? Level
                                    : std::to_string(Lag) + " * " + Level;
    W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
           N.Row + " - " + Lagged + ";");
    std::string Cond = inCalcRange();
    if (M.TimeBlock > 1 && Level != "1")
      Cond = Level + " <= " + N.Steps + " && " + Cond;
    std::string Below = First ? "0" : levelMinus(Level, 1);
    std::string Centre = "[" + std::to_string(M.HaloMinus[0]) + "]";
    if (Final) {
      std::string Owned = Z.LoopVariable + " >= " + N.First + " && " +
                          Z.LoopVariable + " < " + N.Last;
      for (unsigned A = 1; A < R.dims(); ++A) {
        int64_t Lo = M.HaloMinus[A] * (M.TimeBlock - 1);
        int64_t Hi = M.WorkGroup[A] - M.HaloPlus[A] * (M.TimeBlock - 1);
        if (Lo)
          Owned += " && " + N.Coord[A] + " >= " + std::to_string(Lo);
        if (Hi < M.WorkGroup[A])
          Owned += " && " + N.Coord[A] + " < " + std::to_string(Hi);
      }
      W.open("if (" + Owned + " && " + inCalcRange() + ")");
      if (M.TimeBlock > 1)
        W.open("if (" + Level + " <= " + N.Steps + ")");
    } else {
      W.open("if (" + Cond + ")");
    }
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, levelPrintOptions(N, Level, First, Final)));
    if (Final && M.TimeBlock > 1) {
      // A launch that does fewer steps stores what the last one left.
      W.closeOpen("else");
      std::array<int64_t, MaxAxes> Zero{};
      for (const CopyAssignment &C : R.Copy.Assignments)
        W.line(printAccess(R, C.ValueField, {}, Zero) + " = " +
               N.Window.at(C.TargetField) + "[" + Below + "]" + Centre + ";");
      W.close();
    }
    if (!Final) {
      W.closeOpen("else");
      for (unsigned F : M.TiledFields)
        W.line(N.Value.at(F) + "[" + Level + "] = " + N.Window.at(F) + "[" +
               Below + "]" + Centre + ";");
    }
    W.close();
  }

  /// 2.5D blocking with temporal blocking along the streamed axis: a work
  /// group covers a W (x H) block of the inner axes and walks a chunk of
  /// rows (planes) of the outermost axis. Each iteration loads one more row
  /// of the input; step l then produces row `row - l * (hp + 1)` from the
  /// rows step l - 1 produced before, which stay in registers (the
  /// column's own values) and in a ring of rows in local memory (the
  /// neighbours'), so T steps cost one pass over memory and one barrier per
  /// row. Each step after the first is valid on a part of the group
  /// smaller by the halo; the group owns what is left after T steps.
  void emitStreamedCalc(CodeWriter &W) {
    const Mapping &M = R.Map;
    const int64_t T = M.TimeBlock;
    StreamNames N = streamNames();
    std::vector<unsigned> Fields = calcKernelFields(R);
    const Axis &Z = R.Axes[0];
    std::string Block;
    for (unsigned A = 1; A < R.dims(); ++A)
      Block += (A > 1 ? "x" : "") + std::to_string(M.WorkGroup[A]);
    std::string Inner = R.dims() == 3 ? "(y,x)" : "(x)";
    W.line(
        "/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
        ": each work group covers a " + Block + " block " + Inner +
        " and streams it along " + R.axisName(0) + ", " +
        std::to_string(M.StreamChunk) + " at a time" +
        (T > 1 ? ", advancing up to " + std::to_string(T) + " steps in one pass"
               : "") +
        ". */");
    std::vector<std::string> Extra;
    if (T > 1)
      Extra.push_back("const int " + N.Steps);
    W.open(signature(calcKernelName(R), Fields, false, Extra));
    emitViews(W, Fields, false);
    const int64_t Rows = M.HaloMinus[0] + M.HaloPlus[0] + 1;
    for (unsigned F : M.TiledFields) {
      std::string Type = elementTypeName(R.Fields[F].Type);
      if (T > 1) {
        std::string Dims = "[" + std::to_string(T - 1) + "][" +
                           std::to_string(M.Tile[0]) + "]";
        for (unsigned A = 1; A < R.dims(); ++A)
          Dims += "[" + std::to_string(M.Tile[A]) + "]";
        W.line(D.localArray(Type, N.Ring[F], Dims));
      }
    }
    for (unsigned A = 1; A < R.dims(); ++A) {
      unsigned Dim = R.dims() - 1 - A;
      std::string Origin =
          "(int)" + D.groupId(Dim) + " * " + std::to_string(M.streamOwned(A));
      if (M.StreamStart[A] > 0)
        Origin = std::to_string(M.StreamStart[A]) + " + " + Origin;
      else if (M.StreamStart[A] < 0)
        Origin += " - " + std::to_string(-M.StreamStart[A]);
      W.line("const int " + N.Coord[A] + " = (int)" + D.localId(Dim) + ";");
      W.line("const " + R.Axes[A].LoopVariableType + " " +
             R.Axes[A].LoopVariable + " = " + Origin + " + " + N.Coord[A] +
             ";");
    }
    declareOuterLocals(W);
    std::string Chunk = std::to_string(M.StreamChunk);
    W.line("/* This group owns rows [" + N.First + ", " + N.Last + ") along " +
           R.axisName(0) + ". */");
    W.line("const int " + N.First + " = " + std::to_string(Z.Lower) +
           " + (int)" + D.groupId(R.dims() - 1) + " * " + Chunk + ";");
    W.line("const int " + N.Last + " = " + N.First + " + " + Chunk + " < " +
           std::to_string(Z.Upper) + " ? " + N.First + " + " + Chunk + " : " +
           std::to_string(Z.Upper) + ";");
    W.line("/* Rows around the column's point, per level (level 0: the "
           "input), oldest first. */");
    for (unsigned F : M.TiledFields) {
      std::string Type = elementTypeName(R.Fields[F].Type);
      W.line(Type + " " + N.Window[F] + "[" + std::to_string(T) + "][" +
             std::to_string(Rows) + "] = {{0}};");
      W.line(Type + " " + N.Value[F] + "[" + std::to_string(T) +
             "]; /* the row each level produces in this iteration */");
    }
    // Rows needed: level T's rows [first, last) reach T * halo further.
    std::string LoadEnd =
        N.Last +
        (M.HaloPlus[0] ? " + " + std::to_string(M.HaloPlus[0] * T) : "");
    auto EmitLoad = [&](const std::string &Row) {
      W.open("");
      W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
             Row + ";");
      std::string Inside = Z.LoopVariable + " < " + LoadEnd;
      for (unsigned A = 0; A < R.dims(); ++A)
        Inside += " && 0 <= " + R.Axes[A].LoopVariable + " && " +
                  R.Axes[A].LoopVariable + " < " +
                  std::to_string(R.Axes[A].Extent);
      std::array<int64_t, MaxAxes> Zero{};
      for (unsigned F : M.TiledFields)
        W.line(N.Next[F] + " = " + Inside + " ? " +
               printAccess(R, F, {}, Zero) + " : 0;");
      W.close();
    };
    int64_t Start = M.HaloMinus[0] * T, End = (M.HaloPlus[0] + 1) * T;
    std::string FirstRow =
        N.First + (Start ? " - " + std::to_string(Start) : "");
    for (unsigned F : M.TiledFields)
      W.line(std::string(elementTypeName(R.Fields[F].Type)) + " " + N.Next[F] +
             ";");
    W.line("/* The first row, loaded ahead like every later one. */");
    EmitLoad(FirstRow);
    if (T > 1)
      W.line("int " + N.Slot +
             " = 0; /* ring slot of this iteration's rows */");
    // Two rows per trip let the loads of the next row start earlier
    // (measured: heat2d T=8 +4%, heat3d unaligned T=1 +19%, H200).
    W.line("#pragma unroll 2");
    W.open("for (int " + N.Row + " = " + FirstRow + "; " + N.Row + " < " +
           N.Last + " + " + std::to_string(End) + "; " + N.Row + "++)");
    for (unsigned F : M.TiledFields)
      W.line(N.Value[F] + "[0] = " + N.Next[F] + ";");
    W.line("/* Load the next row now so that the load overlaps the "
           "arithmetic. */");
    EmitLoad(N.Row + " + 1");
    bool OneLevel = T == 1;
    W.line(OneLevel ? "/* The step: the row whose neighbours have all been "
                      "loaded. */"
                    : "/* Step 1 works on the input. */");
    W.open("");
    emitLevel(W, N, "1", true, OneLevel);
    W.close();
    if (T > 2) {
      W.line("/* Steps 2 .. " + std::to_string(T - 1) +
             " work on the level below, each a row further behind. */");
      W.line("#pragma unroll");
      W.open("for (int " + N.Level + " = 2; " + N.Level + " < " +
             std::to_string(T) + "; " + N.Level + "++)");
      emitLevel(W, N, N.Level, false, false);
      W.close();
    }
    if (T > 1) {
      W.line("/* Step " + std::to_string(T) +
             " writes the points this group owns. */");
      W.open("");
      emitLevel(W, N, std::to_string(T), false, true);
      W.close();
    }
    W.line("/* Shift each level's rows and publish the new ones. */");
    W.line("#pragma unroll");
    W.open("for (int " + N.Level + " = 0; " + N.Level + " < " +
           std::to_string(T) + "; " + N.Level + "++)");
    for (unsigned F : M.TiledFields) {
      const std::string &Win = N.Window[F];
      for (int64_t K = 0; K + 1 < Rows; ++K)
        W.line(Win + "[" + N.Level + "][" + std::to_string(K) + "] = " + Win +
               "[" + N.Level + "][" + std::to_string(K + 1) + "];");
      W.line(Win + "[" + N.Level + "][" + std::to_string(Rows - 1) +
             "] = " + N.Value[F] + "[" + N.Level + "];");
      if (T > 1) {
        std::string Ring = N.Ring[F] + "[" + N.Level + " - 1][" + N.Slot + "]";
        for (unsigned A = 1; A < R.dims(); ++A)
          Ring += "[" + plusOffset(N.Coord[A], M.HaloMinus[A]) + "]";
        W.line("if (" + N.Level + " > 0)");
        W.indent()
            .line(Ring + " = " + N.Value[F] + "[" + N.Level + "];")
            .dedent();
      }
    }
    W.close();
    if (T > 1) {
      W.line(N.Slot + " = " + N.Slot + " + 1 == " + std::to_string(M.Tile[0]) +
             " ? 0 : " + N.Slot + " + 1;");
      W.line(D.barrier());
    }
    W.close();
    W.close();
  }

  /// Work groups own W x H x D blocks. The sources they read at offsets are
  /// staged in local memory with a halo of T steps (overlapped tiling);
  /// steps 1 .. T-1 update the shrinking part of the tile that later steps
  /// still read, and the last step writes the block's own points.
  void emitBlockedCalc(CodeWriter &W) {
    if (R.Map.Stream) {
      emitStreamedCalc(W);
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
      ExprPrintOptions Print = tilePrintOptions(N, N.Cur, N.Next);
      W.open("if (" + inCalcRange() + ")");
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
