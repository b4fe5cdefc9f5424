//===- FusedStream.cpp - The stages of T steps streamed in one pass -------===//
#include "transforms/FusedStream.h"

#include <algorithm>
#include <set>

namespace tilec {

using namespace ir;

namespace {

/// Whether a use reads other work items' columns (offsets along an inner
/// axis), which then must see their writes through a barrier.
bool readsAcrossColumns(const FieldUse &U, unsigned Dims) {
  if (!U.Read)
    return false;
  for (unsigned A = 1; A < Dims; ++A)
    if (U.Reads.Minus[A] || U.Reads.Plus[A])
      return true;
  return false;
}

/// Places the barriers: before a level that reads another work item's
/// column of a field written since the last barrier, and before a level
/// (or the next row's store into the rings) that overwrites a field whose
/// other columns were read since then. Every work item writes only its own
/// column, so nothing else needs one. Two passes over the loop body: the
/// second starts from what the first leaves, as the next iteration does.
/// (Telling rows apart, with rings twice as deep, spared two of fdtd2d's
/// three barriers per row but ran no faster on the H200.)
void placeBarriers(const StencilRegion &R, FusedStreamPlan &P) {
  const unsigned Dims = R.dims();
  std::set<unsigned> Written, ReadAcross;
  auto Barrier = [&] {
    Written.clear();
    ReadAcross.clear();
  };
  for (int Pass = 0; Pass < 2; ++Pass) {
    // The store writes every field's row.
    if (!ReadAcross.empty()) {
      P.BarrierBeforeLoad = true;
      Barrier();
    }
    for (unsigned F = 0; F < R.Fields.size(); ++F)
      if (R.Fields[F].ReadInCalc || R.Fields[F].WrittenInCalc)
        Written.insert(F);
    for (FusedStreamLevel &L : P.Levels) {
      const Stage &S = R.Stages[L.Stage];
      bool Needs = false;
      for (unsigned F = 0; F < S.Uses.size(); ++F) {
        if (readsAcrossColumns(S.Uses[F], Dims) && Written.count(F))
          Needs = true;
        if (S.Uses[F].Written && ReadAcross.count(F))
          Needs = true;
      }
      if (Needs) {
        L.BarrierBefore = true;
        Barrier();
      }
      for (unsigned F = 0; F < S.Uses.size(); ++F) {
        if (readsAcrossColumns(S.Uses[F], Dims))
          ReadAcross.insert(F);
        if (S.Uses[F].Written)
          Written.insert(F);
      }
    }
  }
}

int64_t powerOfTwoAtLeast(int64_t N) {
  int64_t P = 1;
  while (P < N)
    P *= 2;
  return P;
}

} // namespace

FusedStreamPlan planFusedStream(const StencilRegion &R, int64_t T) {
  FusedStreamPlan P;
  const unsigned Dims = R.dims();
  const unsigned S = static_cast<unsigned>(R.Stages.size());
  // Per field, the levels so far that write it, and those that read it.
  std::map<unsigned, std::vector<unsigned>> Writers, Readers;
  int64_t Ring = 1;
  for (unsigned K = 0; K < T * S; ++K) {
    FusedStreamLevel L;
    L.Stage = K % S;
    L.Step = K / S;
    const Stage &St = R.Stages[L.Stage];
    for (unsigned F = 0; F < St.Uses.size(); ++F) {
      const FieldUse &U = St.Uses[F];
      if (U.Read) {
        // The rows it reads ahead are loaded, and every earlier level
        // that writes the field has passed them.
        L.Lag = std::max(L.Lag, U.Reads.Plus[0]);
        int64_t ValidFrom = 0;
        std::array<int64_t, MaxAxes> RimMinus{}, RimPlus{};
        for (unsigned J : Writers[F]) {
          const FusedStreamLevel &W = P.Levels[J];
          L.Lag = std::max(L.Lag, W.Lag + U.Reads.Plus[0]);
          ValidFrom = std::max(ValidFrom, W.ValidFrom);
          for (unsigned A = 1; A < Dims; ++A) {
            RimMinus[A] = std::max(RimMinus[A], W.RimMinus[A]);
            RimPlus[A] = std::max(RimPlus[A], W.RimPlus[A]);
          }
        }
        L.ValidFrom = std::max(L.ValidFrom, ValidFrom + U.Reads.Minus[0]);
        for (unsigned A = 1; A < Dims; ++A) {
          L.RimMinus[A] =
              std::max(L.RimMinus[A], RimMinus[A] + U.Reads.Minus[A]);
          L.RimPlus[A] = std::max(L.RimPlus[A], RimPlus[A] + U.Reads.Plus[A]);
        }
      }
      if (U.Written) {
        // Earlier writers keep their order; earlier readers must be done
        // with the rows behind them that this level overwrites.
        for (unsigned J : Writers[F])
          L.Lag = std::max(L.Lag, P.Levels[J].Lag);
        for (unsigned J : Readers[F]) {
          const Stage &Reader = R.Stages[P.Levels[J].Stage];
          L.Lag =
              std::max(L.Lag, P.Levels[J].Lag + Reader.Uses[F].Reads.Minus[0]);
        }
      }
    }
    for (unsigned F = 0; F < St.Uses.size(); ++F) {
      if (St.Uses[F].Read) {
        Readers[F].push_back(K);
        Ring = std::max(Ring, L.Lag + St.Uses[F].Reads.Minus[0] + 1);
      }
      if (St.Uses[F].Written) {
        Writers[F].push_back(K);
        P.FinalWriter[F] = K;
      }
    }
    Ring = std::max(Ring, L.Lag + 1);
    P.Warmup = std::max(P.Warmup, L.ValidFrom);
    P.Drain = std::max(P.Drain, L.Lag);
    for (unsigned A = 1; A < Dims; ++A) {
      P.RimMinus[A] = std::max(P.RimMinus[A], L.RimMinus[A]);
      P.RimPlus[A] = std::max(P.RimPlus[A], L.RimPlus[A]);
    }
    P.Levels.push_back(L);
  }
  P.RingRows = powerOfTwoAtLeast(Ring);
  placeBarriers(R, P);
  return P;
}

} // namespace tilec
