//===- IRPrinter.cpp - Stable text form of the stencil IR ----------------===//
#include "ir/IRPrinter.h"

#include "ir/ExprPrinter.h"

#include <sstream>

namespace tilec::ir {
namespace {

std::string range(int64_t Lower, int64_t Upper) {
  return "[" + std::to_string(Lower) + ", " + std::to_string(Upper) + ")";
}

std::string fieldType(const StencilRegion &R, const Field &F) {
  std::string Out = elementTypeName(F.Type);
  for (int64_t C : F.ComponentExtents)
    Out += "[" + std::to_string(C) + "]";
  for (const Axis &A : R.Axes)
    Out += "[" + std::to_string(A.Extent) + "]";
  return Out;
}

} // namespace

std::string printRegion(const StencilRegion &R) {
  std::ostringstream OS;
  OS << "region " << R.Name << " at " << R.SourceFile << ":" << R.SourceLine
     << "\n";
  OS << "  grid " << R.dims() << "d\n";
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    OS << "    axis " << R.axisName(A) << ": var " << X.LoopVariable << " ("
       << X.LoopVariableType << "), extent " << X.Extent << ", calc "
       << range(X.Lower, X.Upper) << "\n";
  }
  OS << "  time " << R.Time.Variable << ": " << R.Time.StepCount
     << " steps, loop `" << R.Time.HeaderText << "`\n";
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
       << "\n";
  for (const LocalVariable &L : R.Locals)
    OS << "  local " << L.Name << " " << scalarTypeName(L.Type)
       << (L.DeclaredInBody ? "" : " (declared outside calc, private)") << "\n";
  if (R.Reduce)
    OS << "  reduction " << reductionOpName(R.Reduce->Op) << " "
       << R.Reduce->Variable << " " << scalarTypeName(R.Reduce->Type) << "\n";
  OS << "  update, " << R.OperatorCount << " operations"
     << (R.UsesDouble ? ", uses double" : "") << "\n";
  for (const Statement &S : R.Update)
    OS << "    " << printStatement(R, S) << "\n";
  if (R.Copy.Present) {
    OS << "  copy";
    for (unsigned A = 0; A < R.dims(); ++A)
      OS << " " << R.axisName(A) << " "
         << range(R.Copy.Lower[A], R.Copy.Upper[A]);
    OS << "\n";
    std::array<int64_t, MaxAxes> Zero{};
    for (const CopyAssignment &C : R.Copy.Assignments)
      OS << "    " << printAccess(R, C.TargetField, C.TargetComponents, Zero)
         << " = " << printAccess(R, C.ValueField, C.ValueComponents, Zero)
         << ";\n";
  }
  OS << "  time-loop body:";
  for (const TimeLoopItem &Item : R.Body) {
    if (Item.ItemKind == TimeLoopItem::Calc)
      OS << " calc;";
    else if (Item.ItemKind == TimeLoopItem::Copy)
      OS << " copy;";
    else
      OS << " host `" << Item.HostText << "`;";
  }
  OS << "\n";
  if (R.Copy.Strategy != CopyStrategy::None || !R.Copy.StrategyReason.empty())
    OS << "  copy strategy: " << copyStrategyName(R.Copy.Strategy) << " ("
       << R.Copy.StrategyReason << ")\n";
  if (R.Map.Kind != MappingKind::None) {
    OS << "  mapping: " << mappingKindName(R.Map.Kind) << ", work group";
    for (unsigned A = 0; A < R.dims(); ++A)
      OS << " " << R.axisName(A) << "=" << R.Map.WorkGroup[A];
    if (R.Map.Kind == MappingKind::Blocked) {
      OS << ", T=" << R.Map.TimeBlock;
      if (R.Map.Stream)
        OS << ", streaming along " << R.axisName(0) << " in chunks of "
           << R.Map.StreamChunk;
      if (!R.Map.TimeBlockNote.empty())
        OS << " (" << R.Map.TimeBlockNote << ")";
    }
    OS << "\n";
  }
  if (R.Map.Kind == MappingKind::Blocked) {
    OS << "  tile";
    for (unsigned A = 0; A < R.dims(); ++A)
      OS << " " << R.axisName(A) << "=" << R.Map.Tile[A] << " (halo -"
         << R.Map.HaloMinus[A] << "/+" << R.Map.HaloPlus[A] << ")";
    OS << ", fields";
    for (unsigned F : R.Map.TiledFields)
      OS << " " << R.Fields[F].Name;
    OS << ", " << R.Map.LocalMemoryBytes << " bytes of local memory\n";
  }
  return OS.str();
}

} // namespace tilec::ir
