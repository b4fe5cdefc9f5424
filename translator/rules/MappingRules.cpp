//===- MappingRules.cpp - What a region's mappings may be ----------------===//
#include "rules/MappingRules.h"

#include <algorithm>
#include <set>

namespace tilec {

using namespace ir;

bool stagedField(const Field &F) {
  return F.Role == FieldRole::Source && F.ReadInCalc &&
         F.ComponentExtents.empty();
}

bool readsRowsInColumn(const StencilRegion &R, const Expr &E) {
  if (E.ExprKind == Expr::FieldAccess && stagedField(R.Fields[E.FieldIndex]) &&
      E.Offsets[0] != 0)
    for (unsigned A = 1; A < R.dims(); ++A)
      if (E.Offsets[A] != 0)
        return false;
  for (const ExprPtr &Operand : E.Operands)
    if (Operand && !readsRowsInColumn(R, *Operand))
      return false;
  return true;
}

bool chainsStreamedLevels(const StencilRegion &R) {
  // 2D kernels and ping-pong pairs measured mixed or slower chained, so
  // they keep the levels two rows apart (docs/notes/stream-shape.md,
  // "Chained levels").
  if (R.dims() != 3 || R.PingPong || R.multiStage() || R.Reduce)
    return false;
  int64_t Minus = 0, Plus = 0;
  for (const Field &F : R.Fields)
    if (stagedField(F)) {
      Minus = std::max(Minus, F.Reads.Minus[0]);
      Plus = std::max(Plus, F.Reads.Plus[0]);
    }
  if (Minus != 1 || Plus != 1)
    return false;
  for (const Statement &S : R.Update)
    if (S.Value && !readsRowsInColumn(R, *S.Value))
      return false;
  return true;
}

int64_t streamChunk(int64_t T) {
  int64_t Chunk = 8;
  while (Chunk < 16 * T)
    Chunk *= 2;
  return T == 1 ? 16 : Chunk;
}

Halo stageRadius(const Stage &S, unsigned Dims) {
  Halo H;
  for (const FieldUse &U : S.Uses)
    for (unsigned A = 0; A < Dims; ++A) {
      H.Minus[A] = std::max(H.Minus[A], U.Reads.Minus[A]);
      H.Plus[A] = std::max(H.Plus[A], U.Reads.Plus[A]);
    }
  return H;
}

std::string fusionBlocker(const StencilRegion &R) {
  if (!R.multiStage())
    return "the region has a single stage";
  for (const TimeLoopItem &Item : R.Body)
    if (Item.hostWork())
      return "host statements run between the stages";
  for (const Field &F : R.Fields)
    if (!F.ComponentExtents.empty() && (F.ReadInCalc || F.WrittenInCalc))
      return "'" + F.Name + "' has components";
  return "";
}

std::string fusedSingleStepReason(const StencilRegion &R) {
  if (!R.Time.Canonical)
    return "the time loop does not count its steps as 'for (t = lo; t < hi; "
           "t++)' does";
  return "";
}

int64_t fusedStreamChunk(int64_t Overhead) {
  int64_t Chunk = 16;
  while (Chunk < 16 * Overhead)
    Chunk *= 2;
  return Chunk;
}

std::string singleStepReason(const StencilRegion &R) {
  if (!R.StageSuffix.empty())
    return "the stages of a step run as one kernel each";
  if (R.multiStage()) {
    std::string Blocker = fusionBlocker(R);
    return Blocker.empty() ? fusedSingleStepReason(R)
                           : "the stages cannot share a kernel: " + Blocker;
  }
  if (R.Reduce)
    return "a reduction must be seen every step";
  for (const TimeLoopItem &Item : R.Body)
    if (Item.hostWork())
      return "host statements run between steps";
  if (R.Copy.Strategy == CopyStrategy::None)
    return "no copy nest carries a step's result into the next step";
  if (R.Copy.Strategy != CopyStrategy::Swap)
    return "the copy nest is not a buffer swap";
  std::set<unsigned> Copied;
  for (const CopyAssignment &C : R.Copy.Assignments)
    Copied.insert(C.ValueField);
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (R.Fields[I].Role == FieldRole::Destination && !Copied.count(I))
      return "'" + R.Fields[I].Name + "' is written but not copied back";
  for (const CopyAssignment &C : R.Copy.Assignments)
    if (!R.Fields[C.TargetField].ReadInCalc)
      return "'" + R.Fields[C.TargetField].Name +
             "' is copied back but the calc never reads it";
  if (!R.Time.Canonical)
    return "the time loop does not count its steps as 'for (t = lo; t < hi; "
           "t++)' does";
  return "";
}

} // namespace tilec
