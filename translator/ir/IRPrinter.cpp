//===- IRPrinter.cpp - Stable text form of the stencil IR ----------------===//
#include "ir/IRPrinter.h"

#include "ir/ExprPrinter.h"

#include <cstdint>
#include <cstdio>
#include <sstream>

namespace tilec::ir {
namespace {

/// A statement of several lines as one, its line breaks and indentation
/// one space each.
std::string oneLine(const std::string &Text) {
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || ((C == ' ' || C == '\t') && Space)) {
      Space = true;
      continue;
    }
    if (Space && !Out.empty() && Out.back() != ' ')
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

std::string range(int64_t Lower, int64_t Upper) {
  return "[" + std::to_string(Lower) + ", " + std::to_string(Upper) + ")";
}

/// ` at most, at run time [1, n - 1)` for a range with run-time bounds.
std::string runTimeRange(const std::string &LowerText,
                         const std::string &UpperText, int64_t Lower,
                         int64_t Upper) {
  if (LowerText.empty() && UpperText.empty())
    return "";
  return " at most, at run time [" +
         (LowerText.empty() ? std::to_string(Lower) : LowerText) + ", " +
         (UpperText.empty() ? std::to_string(Upper) : UpperText) + ")";
}

std::string fieldType(const StencilRegion &R, const Field &F) {
  std::string Out = elementTypeName(F.Type);
  for (int64_t C : F.ComponentExtents)
    Out += "[" + std::to_string(C) + "]";
  for (const Axis &A : R.Axes)
    Out += "[" + (A.runTimeExtent() ? A.ExtentText : std::to_string(A.Extent)) +
           "]";
  return Out;
}

std::string oneDecimal(double Value) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.1f", Value);
  return Text;
}

void printMapping(std::ostringstream &OS, const StencilRegion &R,
                  const Mapping &Map, const std::string &Indent) {
  if (Map.Kind != MappingKind::None) {
    OS << Indent << "mapping: " << mappingKindName(Map.Kind) << ", work group";
    for (unsigned A = 0; A < R.dims(); ++A)
      OS << " " << R.axisName(A) << "=" << Map.WorkGroup[A];
    if (Map.Kind == MappingKind::Naive && Map.NaivePlanes > 1)
      OS << ", " << Map.NaivePlanes << " points per work item along "
         << R.axisName(0);
    if (Map.tiled()) {
      OS << ", T=" << Map.TimeBlock;
      if (Map.streams())
        OS << ", streaming along " << R.axisName(0) << " in chunks of "
           << Map.StreamChunk;
      if (Map.StreamPoints > 1)
        OS << ", " << Map.StreamPoints << " points per work item along "
           << R.axisName(1);
      if (!Map.TimeBlockNote.empty())
        OS << " (" << Map.TimeBlockNote << ")";
    }
    OS << "\n";
  }
  if (Map.tiled()) {
    OS << Indent << "tile";
    for (unsigned A = 0; A < R.dims(); ++A)
      OS << " " << R.axisName(A) << "=" << Map.Tile[A] << " (halo -"
         << Map.HaloMinus[A] << "/+" << Map.HaloPlus[A] << ")";
    OS << ", fields";
    for (unsigned F : Map.TiledFields)
      OS << " " << R.Fields[F].Name;
    OS << ", " << Map.LocalMemoryBytes << " bytes of local memory"
       << (Map.DynamicLocalMemory ? " (sized at launch)" : "") << "\n";
  }
  if (Map.streams() && Map.fused() && Map.FusedPlan) {
    const FusedStreamPlan &P = *Map.FusedPlan;
    OS << Indent << "fused stream plan: rings of " << P.RingRows
       << " rows, warm-up " << P.Warmup << " rows, drain " << P.Drain
       << (P.BarrierBeforeLoad ? ", barrier before each load" : "")
       << "; levels";
    for (const FusedStreamLevel &L : P.Levels)
      OS << " " << (L.BarrierBefore ? "|" : "") << (L.Step + 1) << "."
         << (L.Stage + 1) << "@" << L.Lag;
    OS << " (step.stage@lag, | a barrier before)\n";
  }
  if (Map.streams() && !Map.fused()) {
    OS << Indent << "stream shape: " << describeStreamShape(R, Map.Shape)
       << "\n";
  }
}

/// `stage 2 (heat.c:31): calc, y [1, 7) x [1, 15)`, what it reads and
/// writes, its statements and its mapping.
void printStage(std::ostringstream &OS, const StencilRegion &R, unsigned I) {
  const Stage &S = R.Stages[I];
  OS << "  stage " << I + 1 << " at " << R.SourceFile << ":" << S.SourceLine
     << ": " << (S.StageKind == Stage::Calc ? "calc" : "copy");
  for (unsigned A = 0; A < R.dims(); ++A) {
    OS << " " << R.axisName(A) << " ";
    if (S.Fixed[A])
      OS << "fixed at " << S.Lower[A];
    else
      OS << range(S.Lower[A], S.Upper[A]);
  }
  OS << "\n";
  std::string Reads, Writes;
  for (unsigned F = 0; F < R.Fields.size(); ++F) {
    const FieldUse &U = S.Uses[F];
    if (U.Read) {
      Reads += " " + R.Fields[F].Name;
      bool AtOffset = false;
      for (unsigned A = 0; A < R.dims(); ++A)
        AtOffset |= U.Reads.Minus[A] || U.Reads.Plus[A];
      if (AtOffset) {
        Reads += " (halo";
        for (unsigned A = 0; A < R.dims(); ++A)
          Reads += std::string(" ") + R.axisName(A) + " -" +
                   std::to_string(U.Reads.Minus[A]) + "/+" +
                   std::to_string(U.Reads.Plus[A]);
        Reads += ")";
      }
    }
    if (U.Written)
      Writes += " " + R.Fields[F].Name;
  }
  OS << "    reads" << (Reads.empty() ? " nothing" : Reads) << "; writes"
     << (Writes.empty() ? " nothing" : Writes);
  if (S.StageKind == Stage::Calc)
    OS << "; " << S.OperatorCount << " operations";
  OS << "\n";
  for (const Statement &St : S.Update)
    OS << "    " << printStatement(R, St) << "\n";
  std::array<int64_t, MaxAxes> Zero{};
  for (const CopyAssignment &C : S.Copies)
    OS << "    " << printAccess(R, C.TargetField, C.TargetComponents, Zero)
       << " = " << printAccess(R, C.ValueField, C.ValueComponents, Zero)
       << ";\n";
  printMapping(OS, R, S.Map, "    ");
}

} // namespace

std::vector<std::string> streamShapeFacts(const StencilRegion &R,
                                          const StreamShape &S) {
  std::vector<std::string> Facts;
  Facts.push_back(S.RegisterCap
                      ? "register cap " + std::to_string(S.RegisterCap)
                      : "registers left to the compiler");
  Facts.push_back(std::to_string(S.RowsPerTrip) + " row" +
                  (S.RowsPerTrip > 1 ? "s" : "") + " per trip");
  if (S.ByteCursors)
    Facts.push_back(S.CursorsAtFirstLevel
                        ? "global accesses through byte cursors at level 1"
                        : "global accesses through byte cursors");
  if (S.ColumnIndex)
    Facts.push_back("global reads from the first point's int index");
  if (S.RingPointer)
    Facts.push_back("rings through a pointer to the work item's cell");
  switch (S.Columns) {
  case StreamShape::ColumnTests::PerUse:
    break;
  case StreamShape::ColumnTests::Hoisted:
    Facts.push_back("column tests computed once");
    break;
  case StreamShape::ColumnTests::Placed:
    Facts.push_back("column tests as one place per point");
    break;
  case StreamShape::ColumnTests::SplitXY:
    Facts.push_back(std::string("column tests as a place along ") +
                    R.axisName(R.dims() - 1) + ", " + R.axisName(1) +
                    " tested where used");
    break;
  }
  if (S.InteriorCopy)
    Facts.push_back("a test-free copy of the row loop for interior groups");
  if (S.ColumnsInRangeCopy)
    Facts.push_back("a copy without column tests for groups in range");
  switch (S.Boundary) {
  case StreamShape::BoundaryRead::None:
    break;
  case StreamShape::BoundaryRead::Prefetched:
    Facts.push_back("sweep boundaries loaded a row ahead");
    break;
  case StreamShape::BoundaryRead::AtUse:
    Facts.push_back("sweep boundaries loaded where used");
    break;
  case StreamShape::BoundaryRead::AtUseThroughCursors:
    Facts.push_back("sweep boundaries loaded where used, through cursors");
    break;
  }
  if (S.SelectedField)
    Facts.push_back("levels select " + R.Fields[*S.SelectedField].Name);
  if (S.BuildRegisterCap)
    Facts.push_back("registers bounded at the OpenCL build");
  return Facts;
}

std::string describeStreamShape(const StencilRegion &R, const StreamShape &S) {
  std::string Out;
  for (const std::string &Fact : streamShapeFacts(R, S))
    Out += (Out.empty() ? "" : ", ") + Fact;
  return Out;
}

/// What the device lowering's views set (DeviceLowering.h); nothing for
/// the mapped region itself.
static void printViewFacts(std::ostringstream &OS, const StencilRegion &R) {
  if (R.KernelAccess)
    OS << "  accesses as kernels index them"
       << (R.runTimeStrides()
               ? ": one linear subscript through the extent parameters"
               : "")
       << "\n";
  if (R.Slab) {
    OS << "  one device's slab of rows along " << R.axisName(0);
    if (R.LaunchParts)
      OS << ", its calc launched in parts: rows [" << R.LaunchParts->First
         << ", " << R.LaunchParts->End << ")";
    OS << "\n";
  }
  if (!R.StageSuffix.empty())
    OS << "  kernels and host function named with suffix " << R.StageSuffix
       << "\n";
  if (!R.VariantSuffix.empty())
    OS << "  calc kernel and host function named with suffix "
       << R.VariantSuffix << "\n";
}

std::string printRegion(const StencilRegion &R) {
  std::ostringstream OS;
  OS << "region " << R.Name << " at " << R.SourceFile << ":" << R.SourceLine
     << "\n";
  printViewFacts(OS, R);
  OS << "  grid " << R.dims() << "d\n";
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    OS << "    axis " << R.axisName(A) << ": var " << X.LoopVariable << " ("
       << X.LoopVariableType << "), extent "
       << (X.runTimeExtent() ? X.ExtentText + " (at run time; assumed " +
                                   std::to_string(X.Extent) + ")"
                             : std::to_string(X.Extent))
       << ", calc " << range(X.Lower, X.Upper)
       << runTimeRange(X.LowerText, X.UpperText, X.Lower, X.Upper) << "\n";
  }
  OS << "  time "
     << (R.Time.Variable.empty() ? "(no counter)" : R.Time.Variable) << ": "
     << R.Time.StepCount << " steps"
     << (R.Time.StepCountText.empty()
             ? ""
             : " (assumed: step(" + R.Time.Variable + ":" +
                   R.Time.StepCountText + ") is known at run time)")
     << ", loop `" << R.Time.HeaderText << "`";
  if (R.Time.Canonical && R.Time.LoopForm != TimeLoop::For)
    OS << ", counting as `for (; " << R.Time.Variable
       << (R.Time.Inclusive ? " <= " : " < ") << R.Time.UpperText << "; "
       << R.Time.Variable << "++)`"
       << (R.Time.LoopForm == TimeLoop::DoWhile ? " run at least once" : "");
  OS << "\n";
  for (const Field &F : R.Fields) {
    OS << "  field " << F.Name << " " << fieldType(R, F) << " "
       << fieldRoleName(F.Role);
    if (F.ReadInCalc) {
      OS << ", halo";
      for (unsigned A = 0; A < R.dims(); ++A)
        OS << " " << R.axisName(A) << " -" << F.Reads.Minus[A] << "/+"
           << F.Reads.Plus[A];
    }
    OS << "\n";
  }
  for (const CapturedScalar &S : R.Scalars)
    OS << "  scalar " << S.Name << " " << scalarTypeName(S.Type)
       << (S.PerStepExpression.empty()
               ? ""
               : ", per-step table read " + S.PerStepExpression)
       << (S.BoundExpression.empty() ? ""
                                     : ", run-time bound " + S.BoundExpression)
       << "\n";
  for (const LocalVariable &L : R.Locals)
    OS << "  local " << L.Name << " " << scalarTypeName(L.Type)
       << (L.DeclaredInBody ? "" : " (declared outside calc, private)") << "\n";
  if (R.Reduce)
    OS << "  reduction " << reductionOpName(R.Reduce->Op) << " "
       << R.Reduce->Variable << " " << scalarTypeName(R.Reduce->Type)
       << (R.Reduce->CombinedAtLeave ? ", combined at leave" : "") << "\n";
  if (R.multiStage()) {
    OS << "  " << R.Stages.size() << " stages, " << R.OperatorCount
       << " operations per step" << (R.UsesDouble ? ", uses double" : "")
       << "\n";
  } else {
    OS << "  update, " << R.OperatorCount << " operations"
       << (R.UsesDouble ? ", uses double" : "") << "\n";
    for (const Statement &S : R.Update)
      OS << "    " << printStatement(R, S) << "\n";
  }
  if (R.Copy.Present) {
    OS << "  copy";
    for (unsigned A = 0; A < R.dims(); ++A)
      OS << " " << R.axisName(A) << " "
         << range(R.Copy.Lower[A], R.Copy.Upper[A])
         << runTimeRange(R.Copy.LowerText[A], R.Copy.UpperText[A],
                         R.Copy.Lower[A], R.Copy.Upper[A]);
    OS << "\n";
    std::array<int64_t, MaxAxes> Zero{};
    for (const CopyAssignment &C : R.Copy.Assignments)
      OS << "    " << printAccess(R, C.TargetField, C.TargetComponents, Zero)
         << " = " << printAccess(R, C.ValueField, C.ValueComponents, Zero)
         << ";\n";
  }
  if (R.PingPong && R.SweepsPerStep == 1)
    OS << "  pointer rotation: each step of the time loop is one sweep, the "
          "update and the copy nest's swap (B ends a sweep behind A); after "
          "the region `"
       << R.RotationText << "` once per step, modulo two\n";
  else if (R.PingPong)
    OS << "  ping-pong pair: each step of the time loop is two sweeps, the "
          "update and the copy nest's swap (B ends a sweep behind A)\n";
  OS << "  time-loop body:";
  for (const TimeLoopItem &Item : R.Body) {
    std::string Stage =
        R.multiStage() ? " " + std::to_string(Item.StageIndex + 1) : "";
    if (Item.ItemKind == TimeLoopItem::Calc)
      OS << " calc" << Stage << ";";
    else if (Item.ItemKind == TimeLoopItem::Copy)
      OS << " copy" << Stage << ";";
    else if (Item.ItemKind == TimeLoopItem::PointerRotation)
      OS << " rotate `" << Item.HostText << "`;";
    else {
      OS << " host `" << oneLine(Item.HostText) << "`"
         << (Item.CounterStep ? " (the counter's step)" : "");
      if (!Item.HostFields.empty()) {
        OS << " (uses";
        for (unsigned F : Item.HostFields)
          OS << " " << R.Fields[F].Name;
        OS << ": to the host and back"
           << (Item.GuardText.empty() ? "" : " when " + Item.GuardText) << ")";
      }
      OS << ";";
    }
  }
  OS << "\n";
  if (R.Copy.Strategy != CopyStrategy::None || !R.Copy.StrategyReason.empty())
    OS << "  copy strategy: " << copyStrategyName(R.Copy.Strategy) << " ("
       << R.Copy.StrategyReason << ")\n";
  printMapping(OS, R, R.Map, "  ");
  for (const StencilRegion::Variant &V : R.Variants) {
    OS << "  variant for "
       << (V.UpToPoints == INT64_MAX
               ? std::string("larger grids")
               : "grids of fewer than " + std::to_string(V.UpToPoints) +
                     " points")
       << ":\n";
    printMapping(OS, R, V.Map, "    ");
  }
  if (R.SameBoundaryMap) {
    OS << "  where the pair's arrays agree outside the calc range:\n";
    printMapping(OS, R, *R.SameBoundaryMap, "    ");
  }
  if (R.SlowedBy)
    OS << "  slowed by: the host statement at line " << R.SlowedBy->Line
       << " forces " << R.SlowedBy->Reason << " ("
       << oneDecimal(R.SlowedBy->GStencils) << " GStencil/s predicted, "
       << oneDecimal(R.SlowedBy->GStencilsWithout) << " with "
       << R.SlowedBy->VectorWithout << " without it)\n";
  for (unsigned I = 0; I < R.Stages.size(); ++I)
    printStage(OS, R, I);
  return OS.str();
}

} // namespace tilec::ir
