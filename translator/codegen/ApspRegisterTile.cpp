//===- ApspRegisterTile.cpp - A thread's elements of D in registers ------===//
#include "codegen/ApspRegisterTile.h"

namespace tilec {
namespace {

using ir::PathSource;

std::string num(int64_t V) { return apspNum(V); }

std::string reg(const char *Name, int64_t M, int64_t Col) {
  return std::string(Name) + "[" + num(M) + "][" + num(Col) + "]";
}

/// The vector component of lane `L`.
const char *lane(int64_t L) {
  static const char *const Names[] = {"x", "y", "z", "w"};
  return Names[L];
}

int64_t columnGroup(const ApspKernelContext &C, int64_t TM, int64_t TN) {
  int64_t Width = 16 / C.R.elementBytes();
  bool Fits = TN % Width == 0 && TM * C.R.elementBytes() % 16 == 0;
  bool Vectors =
      C.Dl.mergesAlignedLocalLoads() && !C.Dl.vectorType(C.T, Width).empty();
  return Fits && Vectors ? Width : 1;
}

} // namespace

ApspRegisterTile::ApspRegisterTile(CodeWriter &W, const ApspKernelContext &C,
                                   int64_t TM, int64_t TN, int64_t BX)
    : W(W), C(C), TM(TM), TN(TN), BX(BX), Group(columnGroup(C, TM, TN)) {}

int64_t ApspRegisterTile::columnOffset(int64_t Col) const {
  return Col / Group * BX * Group + Col % Group;
}

std::string ApspRegisterTile::firstColumn() const {
  return Group > 1 ? "tx * " + num(Group) : "tx";
}

std::string ApspRegisterTile::column(int64_t Col) const {
  int64_t Offset = columnOffset(Col);
  return firstColumn() + (Offset ? " + " + num(Offset) : "");
}

std::string ApspRegisterTile::element(const std::string &Mine, int64_t M,
                                      int64_t Col) const {
  std::string Off = Mine;
  if (M)
    Off += " + " + num(M) + " * (size_t)n";
  if (columnOffset(Col))
    Off += " + " + num(columnOffset(Col));
  return Off;
}

void ApspRegisterTile::load(const std::string &Mine) {
  W.line(C.T + " c[" + num(TM) + "][" + num(TN) + "];");
  if (C.R.Path)
    W.line("int p[" + num(TM) + "][" + num(TN) + "];");
  if (Group > 1)
    W.line("/* " + num(Group) +
           " columns side by side: one 16-byte load each. */");
  for (int64_t M = 0; M < TM; ++M)
    for (int64_t First = 0; First < TN; First += Group) {
      loadGroup("c", "D", C.T, Mine, M, First);
      if (C.R.Path)
        loadGroup("p", "P", "int", Mine, M, First);
    }
}

void ApspRegisterTile::storeGroup(const std::string &Mine, int64_t First) {
  for (int64_t M = 0; M < TM; ++M) {
    storeOne("c", "D", C.T, Mine, M, First);
    if (C.R.Path)
      storeOne("p", "P", "int", Mine, M, First);
  }
}

void ApspRegisterTile::loadGroup(const char *Name, const std::string &Matrix,
                                 const std::string &Scalar,
                                 const std::string &Mine, int64_t M,
                                 int64_t First) {
  std::string At = Matrix + "[" + element(Mine, M, First) + "]";
  if (Group == 1) {
    W.line(reg(Name, M, First) + " = " + At + ";");
    return;
  }
  std::string Vector = C.Dl.vectorType(Scalar, Group), Lanes;
  W.open("");
  W.line("const " + Vector + " v = " + C.Dl.vectorLoad(Vector, At) + ";");
  for (int64_t L = 0; L < Group; ++L)
    Lanes += (L ? ", " : "") + reg(Name, M, First + L) + " = v." + lane(L);
  W.line(Lanes + ";");
  W.close();
}

void ApspRegisterTile::storeOne(const char *Name, const std::string &Matrix,
                                const std::string &Scalar,
                                const std::string &Mine, int64_t M,
                                int64_t First) {
  std::string At = Matrix + "[" + element(Mine, M, First) + "]";
  if (Group == 1) {
    W.line(At + " = " + reg(Name, M, First) + ";");
    return;
  }
  std::string Values;
  for (int64_t L = 0; L < Group; ++L)
    Values += (L ? ", " : "") + reg(Name, M, First + L);
  W.line(C.Dl.vectorStore(C.Dl.vectorType(Scalar, Group), At, Values));
}

void ApspRegisterTile::relax(const ApspSliceArrays &S, int64_t Depth) {
  // nvcc unrolls four pivots of its own accord; with all of a slice's
  // unrolled, the grouped loads of int and float run faster (measured:
  // docs/notes/apsp.md, "Every pivot of a slice unrolled"). Doubles and
  // path entries would spill more (ptxas: 4 x 8 double 24 -> 56 bytes,
  // 4 x 4 double with paths 0 -> 20 bytes).
  if (!C.R.Path && C.R.elementBytes() == 4 && !C.Dl.unrollHint().empty())
    W.line(C.Dl.unrollHint());
  W.open("for (int k = 0; k < " + num(Depth) + "; ++k)");
  W.line(C.T + " a[" + num(TM) + "], b[" + num(TN) + "];");
  auto Row = [&](int64_t M) {
    return "[k][ty * " + num(TM) + " + " + num(M) + "]";
  };
  for (int64_t M = 0; M < TM; ++M)
    W.line("a[" + num(M) + "] = " + S.A + Row(M) + ";");
  for (int64_t Col = 0; Col < TN; ++Col)
    W.line("b[" + num(Col) + "] = " + S.B + "[k][" + column(Col) + "];");
  if (!S.PathA.empty()) {
    W.line("int pa[" + num(TM) + "];");
    for (int64_t M = 0; M < TM; ++M)
      W.line("pa[" + num(M) + "] = " + S.PathA + Row(M) + ";");
  }
  if (!S.PathB.empty()) {
    W.line("int pb[" + num(TN) + "];");
    for (int64_t Col = 0; Col < TN; ++Col)
      W.line("pb[" + num(Col) + "] = " + S.PathB + "[k][" + column(Col) + "];");
  }
  for (int64_t M = 0; M < TM; ++M)
    for (int64_t Col = 0; Col < TN; ++Col) {
      std::string PV;
      if (C.R.Path)
        PV = C.R.Path->Source == PathSource::Pivot ? S.PivotIndex
             : !S.PathA.empty()                    ? "pa[" + num(M) + "]"
                                                   : "pb[" + num(Col) + "]";
      emitApspRelax(W, C, reg("c", M, Col), "a[" + num(M) + "]",
                    "b[" + num(Col) + "]", reg("p", M, Col), PV);
    }
  W.close();
}

} // namespace tilec
