//===- ApspSliceCopy.cpp - Staging the non-pivot kernel's slices ---------===//
//
// Where the threads cover whole lines of a slice at a time (Threads is a
// multiple of the units along its fast axis), a thread's position along
// that axis stays the same, so its offset in D is computed once, before
// the slices, and each copy adds a multiple of n to it. Computed at every
// copy, the index arithmetic had kept the ALU pipe busy that the (min, +)
// instructions need; computed once, the kernel runs faster although ptxas
// spills 44 bytes for the offsets (measured: docs/notes/apsp.md, "Slice
// copies' offsets computed once").
// Elsewhere the threads walk the slice element by element.
//
//===----------------------------------------------------------------------===//
#include "codegen/ApspSliceCopy.h"

namespace tilec {
namespace {

std::string num(int64_t V) { return apspNum(V); }
/// `Term + ` where Term adds anything.
std::string plus(const std::string &Term) {
  return Term == "0" ? "" : Term + " + ";
}

} // namespace

ApspSliceCopy::ApspSliceCopy(CodeWriter &W, const ApspKernelContext &C,
                             int64_t Threads, int64_t Cols, int64_t Stages,
                             int64_t Depth)
    : W(W), C(C), TT(C.P.Tile), Threads(Threads), Cols(Cols), Stages(Stages),
      Depth(Depth), PathA(C.pathWithColumn()), PathB(C.pathWithRow()) {}

ApspSliceCopy::Share ApspSliceCopy::share(const std::string &Prefix,
                                          int64_t Slow, int64_t Fast,
                                          const std::string &SlowName,
                                          const std::string &FastName) const {
  Share S;
  S.Slow = Prefix + SlowName;
  S.Fast = Prefix + FastName;
  S.At = Prefix + "_at";
  S.SlowUnits = Slow;
  S.FastUnits = Fast;
  if (Threads % Fast == 0) {
    S.Step = Threads / Fast;
    S.Passes = (Slow + S.Step - 1) / S.Step;
  }
  return S;
}

ApspSliceCopy::Share ApspSliceCopy::columnShare() const {
  return share("a", TT, Depth, "i", "k");
}

ApspSliceCopy::Share ApspSliceCopy::rowShare(const std::string &Prefix,
                                             int64_t Width) const {
  return share(Prefix, Depth, Cols / Width, "k", "j");
}

/// Elements one copy of the pivot row moves: 16 bytes where asynchronous
/// (rows of l * t >= 16 elements keep them aligned), so a double's and its
/// int path entry's take copies of their own.
int64_t ApspSliceCopy::rowWidth() const {
  return Stages > 1 ? 16 / C.R.elementBytes() : 1;
}
int64_t ApspSliceCopy::pathRowWidth() const { return Stages > 1 ? 4 : 1; }
bool ApspSliceCopy::pathRowApart() const {
  return PathB && pathRowWidth() != rowWidth();
}

void ApspSliceCopy::declareShares() {
  Share A = columnShare();
  if (A.Passes) {
    W.line("const int " + A.Fast + " = tid % " + num(A.FastUnits) + ", " +
           A.Slow + " = tid / " + num(A.FastUnits) + ";");
    W.line("const size_t " + A.At + " = (size_t)(row0 + " + A.Slow +
           ") * n + piv0 + " + A.Fast + ";");
  }
  auto Row = [&](const Share &B, int64_t Width) {
    if (!B.Passes)
      return;
    W.line("const int " + B.Slow + " = tid / " + num(B.FastUnits) + ", " +
           B.Fast + " = tid % " + num(B.FastUnits) +
           (Width > 1 ? " * " + num(Width) : "") + ";");
    W.line("const size_t " + B.At + " = (size_t)(prow + " + B.Slow +
           ") * n + col0 + " + B.Fast + ";");
  };
  Row(rowShare("b", rowWidth()), rowWidth());
  if (pathRowApart())
    Row(rowShare("q", pathRowWidth()), pathRowWidth());
}

/// Opens the passes over a hoisted share, at least a block (which keeps
/// the copy's `at` to itself), and sets `Slow` to the line a pass copies;
/// returns how many blocks it opened.
int ApspSliceCopy::openPasses(const Share &S, std::string &Slow) {
  int Open = 0;
  Slow = S.Slow;
  if (S.Passes > 1) {
    std::string Unroll = C.Dl.unrollHint();
    if (!Unroll.empty())
      W.line(Unroll);
    W.open("for (int r = 0; r < " + num(S.Passes) + "; ++r)");
    Slow = S.Slow + " + r * " + num(S.Step);
    ++Open;
  }
  if (S.Step * S.Passes != S.SlowUnits) { // More threads than elements.
    W.open("if (" + Slow + " < " + num(S.SlowUnits) + ")");
    ++Open;
  }
  if (Open == 0) {
    W.open("");
    ++Open;
  }
  return Open;
}

void ApspSliceCopy::element(const std::string &Stage, const std::string &Array,
                            const std::string &Matrix,
                            const std::string &Subscripts, int64_t Bytes) {
  std::string To =
      (Stages > 1 ? Array + "[" + Stage + "]" : Array) + Subscripts;
  W.line(Stages > 1 ? C.Dl.asyncCopy("&" + To, "&" + Matrix + "[at]", Bytes)
                    : To + " = " + Matrix + "[at];");
}

void ApspSliceCopy::columnSlice(const std::string &Stage,
                                const std::string &Kc) {
  Share A = columnShare();
  std::string Sub = "[k][i]";
  int Open = 1;
  if (A.Passes) {
    std::string Row;
    Open = openPasses(A, Row);
    std::string At = A.At;
    if (A.Passes > 1)
      At += " + (size_t)(r * " + num(A.Step) + ") * n";
    if (Kc != "0")
      At += " + " + Kc;
    W.line("const size_t at = " + At + ";");
    Sub = "[" + A.Fast + "][" + Row + "]";
  } else {
    W.open("for (int e = tid; e < " + num(Depth * TT) +
           "; e += " + num(Threads) + ")");
    W.line("const int i = e / " + num(Depth) + ", k = e % " + num(Depth) + ";");
    W.line("const size_t at = (size_t)(row0 + i) * n + piv0 + " + plus(Kc) +
           "k;");
  }
  element(Stage, "as", "D", Sub, C.R.elementBytes());
  if (PathA)
    element(Stage, "pas", "P", Sub, 4);
  while (Open--)
    W.close();
}

void ApspSliceCopy::rowSlice(const std::string &Stage, const std::string &Kc,
                             const std::vector<RowCopy> &Copies, const Share &B,
                             int64_t Width) {
  std::string Sub = "[k][j]";
  int Open = 1;
  if (B.Passes) {
    std::string Pivot;
    Open = openPasses(B, Pivot);
    std::string Rows = Kc == "0" ? "" : Kc;
    if (B.Passes > 1)
      Rows += (Rows.empty() ? "" : " + ") + ("r * " + num(B.Step));
    W.line("const size_t at = " + B.At +
           (Rows.empty() ? "" : " + (size_t)(" + Rows + ") * n") + ";");
    Sub = "[" + Pivot + "][" + B.Fast + "]";
  } else {
    int64_t PerRow = Cols / Width;
    W.open("for (int e = tid; e < " + num(Depth * PerRow) +
           "; e += " + num(Threads) + ")");
    std::string J = "e % " + num(PerRow);
    if (Width > 1)
      J += " * " + num(Width);
    W.line("const int k = e / " + num(PerRow) + ", j = " + J + ";");
    W.line("const size_t at = (size_t)(prow + " + plus(Kc) +
           "k) * n + col0 + j;");
  }
  for (const RowCopy &Row : Copies) // 16 bytes where asynchronous.
    element(Stage, Row.Array, Row.Matrix, Sub, 16);
  while (Open--)
    W.close();
}

void ApspSliceCopy::copy(const std::string &Stage, const std::string &Kc) {
  columnSlice(Stage, Kc);
  std::vector<RowCopy> Copies = {{"bs", "D"}};
  if (PathB && !pathRowApart())
    Copies.push_back({"pbs", "P"});
  rowSlice(Stage, Kc, Copies, rowShare("b", rowWidth()), rowWidth());
  if (pathRowApart())
    rowSlice(Stage, Kc, {{"pbs", "P"}}, rowShare("q", pathRowWidth()),
             pathRowWidth());
}

} // namespace tilec
