//===- FusedStreamKernel.cpp - Fused stages streamed along the outer axis -===//
//
// A fused multi-stage region whose work group is one point deep along the
// outermost axis, as its plan says (ir::FusedStreamPlan, made by
// transforms/FusedStream.h): each work item owns a column; each iteration
// puts one more row (plane) of every field, loaded one iteration ahead,
// into a ring in local memory; the T x S levels update the
// rings in place, each on the row its lag gives; and the rows whose last
// update is done go to the written fields' second buffers.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelWriter.h"

#include <map>

namespace tilec {

using namespace ir;

namespace {

class FusedStreamKernel : public KernelWriter {
public:
  FusedStreamKernel(const StencilRegion &R, const KernelDialect &D)
      : KernelWriter(R, D), Plan(*R.Map.FusedPlan) {
    Row = fresh("row");
    First = fresh("first");
    Last = fresh("last");
    Steps = fresh("steps");
    for (unsigned A = 0; A < R.dims(); ++A)
      Coord.push_back(fresh(std::string("t") + R.axisName(A)));
    for (unsigned F : R.Map.TiledFields) {
      Ring[F] = fresh(R.Fields[F].Name + "_ring");
      Next[F] = fresh(R.Fields[F].Name + "_ahead");
      if (R.Fields[F].WrittenInCalc)
        Out[F] = fresh(R.Fields[F].Name + "_out");
    }
  }

  void emit(CodeWriter &W) {
    const Mapping &M = R.Map;
    const Axis &Z = R.Axes[0];
    emitComment(W);
    W.open(fusedSignature(Out, Steps));
    emitFusedViews(W, Out);
    std::string Dims = "[" + std::to_string(Plan.RingRows) + "]";
    for (unsigned A = 1; A < R.dims(); ++A)
      Dims += "[" + std::to_string(M.WorkGroup[A]) + "]";
    for (unsigned F : M.TiledFields)
      W.line(D.localArray(elementTypeName(R.Fields[F].Type), Ring.at(F), Dims));
    for (unsigned A = 1; A < R.dims(); ++A) {
      unsigned Dim = R.dims() - 1 - A;
      W.line("const int " + Coord[A] + " = (int)" + D.localId(Dim) + ";");
      W.line("const " + R.Axes[A].LoopVariableType + " " +
             R.Axes[A].LoopVariable + " = " + groupOrigin(A) + " + " +
             Coord[A] + ";");
    }
    std::string Chunk = std::to_string(M.StreamChunk);
    W.line("/* This group owns rows [" + First + ", " + Last + ") along " +
           R.axisName(0) + ". */");
    W.line("const int " + First + " = " + std::to_string(Z.Lower) + " + (int)" +
           D.groupId(R.dims() - 1) + " * " + Chunk + ";");
    std::string RowsEnd = R.envelopeUpper(0);
    W.line("const int " + Last + " = " + First + " + " + Chunk + " < " +
           RowsEnd + " ? " + First + " + " + Chunk + " : " + RowsEnd + ";");
    for (unsigned F : M.TiledFields)
      W.line(std::string(elementTypeName(R.Fields[F].Type)) + " " + Next.at(F) +
             "[" + std::to_string(LoadAhead) + "];");
    W.line("/* The first rows, loaded ahead like every later one. */");
    for (int K = 0; K < LoadAhead; ++K)
      emitLoad(W, plusOffset(First, K - Plan.Warmup), K);
    // Barriers order the rings' stores and reads.
    for (const std::string &Line : D.unrollBy(2, /*Barrier=*/true))
      W.line(Line);
    W.open("for (int " + Row + " = " + plusOffset(First, -Plan.Warmup) + "; " +
           Row + " < " + plusOffset(Last, Plan.Drain) + "; " + Row + "++)");
    if (Plan.BarrierBeforeLoad) {
      W.line("/* The last iteration's reads of other columns are done. */");
      W.line(D.barrier());
    }
    emitStore(W);
    W.line("/* Load the row " + std::to_string(LoadAhead) +
           " ahead now, so that the loads overlap the stages. */");
    emitLoad(W, Row + " + " + std::to_string(LoadAhead), LoadAhead - 1);
    for (const FusedStreamLevel &L : Plan.Levels)
      emitLevel(W, L);
    emitWriteBack(W);
    W.close();
    W.close();
  }

private:
  /// Rows each work item has in flight from global memory.
  static constexpr int LoadAhead = 2;
  const FusedStreamPlan &Plan;
  std::string Row, First, Last, Steps;
  std::vector<std::string> Coord; ///< Per axis; [0] unused.
  std::map<unsigned, std::string> Ring, Next, Out;

  /// Group 0's first column along inner axis A plus this group's offset.
  std::string groupOrigin(unsigned A) const {
    const Mapping &M = R.Map;
    std::string Origin = "(int)" + D.groupId(R.dims() - 1 - A) + " * " +
                         std::to_string(M.streamOwned(A));
    if (M.StreamStart[A] > 0)
      return std::to_string(M.StreamStart[A]) + " + " + Origin;
    if (M.StreamStart[A] < 0)
      return Origin + " - " + std::to_string(-M.StreamStart[A]);
    return Origin;
  }

  void emitComment(CodeWriter &W) const {
    const Mapping &M = R.Map;
    std::string Block;
    for (unsigned A = 1; A < R.dims(); ++A)
      Block += (A > 1 ? "x" : "") + std::to_string(M.WorkGroup[A]);
    std::string Inner = R.dims() == 3 ? "(y,x)" : "(x)";
    const int64_t T = M.TimeBlock;
    W.line("/* The " + std::to_string(R.Stages.size()) + " stages of " +
           R.SourceFile + ":" + std::to_string(R.SourceLine) +
           " in one kernel: each work group covers a " + Block + " block " +
           Inner + " and streams it along " + R.axisName(0) + ", " +
           std::to_string(M.StreamChunk) + " rows at a time" +
           (T > 1 ? ", advancing up to " + std::to_string(T) + " steps" : "") +
           ". Every field keeps its last " + std::to_string(Plan.RingRows) +
           " rows in a ring in local memory, updated in place by each stage "
           "a fixed number of rows behind the newest. */");
  }

  /// The ring slot of row `Index` (rings have a power-of-two size).
  std::string slot(const std::string &Index) const {
    if (Plan.RingRows == 1)
      return "0";
    std::string Mask = std::to_string(Plan.RingRows - 1);
    if (Index.find(' ') == std::string::npos)
      return Index + " & " + Mask;
    return "(" + Index + ") & " + Mask;
  }

  /// `A_ring[(i + 1) & 3][tx - 1]`: a field's point in its ring.
  std::string ringElement(unsigned F,
                          const std::array<int64_t, MaxAxes> &Offsets) const {
    std::string E = Ring.at(F) + "[" +
                    slot(plusOffset(R.Axes[0].LoopVariable, Offsets[0])) + "]";
    for (unsigned A = 1; A < R.dims(); ++A)
      E += "[" + plusOffset(Coord[A], Offsets[A]) + "]";
    return E;
  }

  /// `const int i = row - lag;` opening a block.
  void openRow(CodeWriter &W, int64_t Lag) const {
    W.open("");
    const Axis &Z = R.Axes[0];
    W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
           plusOffset(Row, -Lag) + ";");
  }

  /// Loads row `Index` of every field into the registers of slot `Slot`
  /// of the rows loaded ahead (zero outside the grid, where nothing reads
  /// it).
  void emitLoad(CodeWriter &W, const std::string &Index, int Slot) {
    W.open("");
    const Axis &Z = R.Axes[0];
    W.line("const " + Z.LoopVariableType + " " + Z.LoopVariable + " = " +
           Index + ";");
    std::string Inside = insideGrid();
    std::array<int64_t, MaxAxes> Zero{};
    for (unsigned F : R.Map.TiledFields)
      W.line(Next.at(F) + "[" + std::to_string(Slot) + "] = " + Inside + " ? " +
             printAccess(R, F, {}, Zero) + " : 0;");
    W.close();
  }

  /// Puts the oldest row loaded ahead into the rings and moves the others
  /// up.
  void emitStore(CodeWriter &W) {
    W.line("/* The oldest row loaded ahead joins the rings. */");
    openRow(W, 0);
    std::array<int64_t, MaxAxes> Zero{};
    for (unsigned F : R.Map.TiledFields) {
      W.line(ringElement(F, Zero) + " = " + Next.at(F) + "[0];");
      for (int K = 0; K + 1 < LoadAhead; ++K)
        W.line(Next.at(F) + "[" + std::to_string(K) + "] = " + Next.at(F) +
               "[" + std::to_string(K + 1) + "];");
    }
    W.close();
  }

  /// Work items [Lo, group - Hi) along each inner axis.
  std::string columns(const std::array<int64_t, MaxAxes> &Lo,
                      const std::array<int64_t, MaxAxes> &Hi) const {
    std::string Out;
    for (unsigned A = 1; A < R.dims(); ++A) {
      if (Lo[A])
        Out += " && " + Coord[A] + " >= " + std::to_string(Lo[A]);
      if (Hi[A])
        Out += " && " + Coord[A] + " < " +
               std::to_string(R.Map.WorkGroup[A] - Hi[A]);
    }
    return Out;
  }

  void emitLevel(CodeWriter &W, const FusedStreamLevel &L) {
    const Stage &St = R.Stages[L.Stage];
    if (L.BarrierBefore)
      W.line(D.barrier());
    std::string Lag = L.Lag == 1 ? "1 row" : std::to_string(L.Lag) + " rows";
    W.line(
        "/* Stage " + std::to_string(L.Stage + 1) + " (" + R.SourceFile + ":" +
        std::to_string(St.SourceLine) + ")" +
        (R.Map.TimeBlock > 1 ? " of step " + std::to_string(L.Step + 1) : "") +
        ", " + Lag + " behind. */");
    openRow(W, L.Lag);
    declarePerStepValues(W, std::to_string(L.Step), &St.Scalars);
    const Axis &Z = R.Axes[0];
    std::string Cond = Z.LoopVariable +
                       " >= " + plusOffset(First, L.ValidFrom - Plan.Warmup) +
                       columns(L.RimMinus, L.RimPlus);
    Cond += " && " + inStageRange(St);
    if (L.Step > 0)
      Cond = std::to_string(L.Step) + " < " + Steps + " && " + Cond;
    W.open("if (" + Cond + ")");
    emitStageBody(W, St, [this](unsigned F, const Offsets &O) {
      return ringElement(F, O);
    });
    W.close();
    W.close();
  }

  /// Each written field's row that its last level has just passed, where
  /// the group owns it.
  void emitWriteBack(CodeWriter &W) {
    std::map<int64_t, std::vector<unsigned>> ByLag;
    for (const auto &[F, Level] : Plan.FinalWriter)
      ByLag[Plan.Levels[Level].Lag].push_back(F);
    W.line("/* Rows whose last update is done go to the second buffers. */");
    std::array<int64_t, MaxAxes> Zero{};
    for (const auto &[Lag, Fields] : ByLag) {
      openRow(W, Lag);
      std::string Owned = R.Axes[0].LoopVariable + " >= " + First + " && " +
                          R.Axes[0].LoopVariable + " < " + Last +
                          columns(Plan.RimMinus, Plan.RimPlus);
      for (unsigned A = 1; A < R.dims(); ++A)
        Owned += " && " + R.Axes[A].LoopVariable + " < " + R.envelopeUpper(A);
      W.open("if (" + Owned + ")");
      for (unsigned F : Fields) {
        W.line(Out.at(F) + printSubscripts(R, F, {}, Zero) + " = " +
               ringElement(F, Zero) + ";");
      }
      W.close();
      W.close();
    }
  }
};

} // namespace

void emitFusedStreamCalc(const StencilRegion &Region,
                         const KernelDialect &Dialect, CodeWriter &W) {
  FusedStreamKernel(Region, Dialect).emit(W);
}

} // namespace tilec
