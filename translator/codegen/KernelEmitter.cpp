//===- KernelEmitter.cpp - Print calc and copy kernels -------------------===//
#include "codegen/KernelEmitter.h"

#include "codegen/RegionInterface.h"

#include "codegen/KernelWriter.h"
#include "ir/SlabView.h"

#include <limits>

namespace tilec {

using namespace ir;

std::optional<int64_t> wholeGridRows(const StencilRegion &R) {
  if (!R.Slab || !R.Axes[0].runTimeExtent() ||
      R.Map.Kind != MappingKind::Naive || R.Map.fused() || R.PingPong)
    return std::nullopt;
  bool Components = false;
  for (unsigned I : calcKernelFields(R))
    Components |= !R.Fields[I].ComponentExtents.empty();
  if (!Components)
    return std::nullopt;
  return constantRowCount(R);
}

std::string wholeGridRowsParam(const StencilRegion &R) {
  return std::string("tilec_grid_n") + R.axisName(0);
}
std::string slabRowsParam(const StencilRegion &R) {
  return R.extentName(0) + "_of_slab";
}

std::string calcKernelName(const StencilRegion &R) {
  return R.Name + "_calc" + R.StageSuffix + R.VariantSuffix;
}
std::string copyKernelName(const StencilRegion &R) {
  return R.Name + "_copy" + R.StageSuffix;
}

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

/// The naive calc kernel and the copy kernel; blocked and streaming calc
/// kernels come from their own files.
class Emitter : public KernelWriter {
public:
  using KernelWriter::KernelWriter;

  std::string run() {
    CodeWriter W;
    // A copy stage's view has a copy kernel only.
    bool Calc = R.StageSuffix.empty() || R.calcPoints() > 0;
    if (R.Map.fused() && R.Map.streams())
      emitFusedStreamCalc(R, D, W);
    else if (R.Map.fused())
      emitFusedCalc(R, D, W);
    else if (Calc && !R.Map.tiled())
      emitCalc(W);
    else if (Calc && R.Map.streams())
      emitStreamedCalc(R, D, W);
    else if (Calc)
      emitBlockedCalc(R, D, W);
    if (R.Copy.Strategy == CopyStrategy::Kernel) {
      if (Calc)
        W.line();
      emitCopy(W);
    }
    return W.str();
  }

private:
  void emitCalc(CodeWriter &W) {
    std::array<int64_t, MaxAxes> Lower = R.calcLower();
    std::vector<unsigned> Fields = calcKernelFields(R);
    std::string Points = R.Map.NaivePlanes > 1
                             ? "each work item computes " +
                                   std::to_string(R.Map.NaivePlanes) +
                                   " consecutive points along " + R.axisName(0)
                             : "one work item per grid point";
    W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
           ": " + Points + ". */");
    std::optional<int64_t> GridRows =
        D.compilesTemplates() ? wholeGridRows(R) : std::nullopt;
    WholeGridTemplate = GridRows.has_value();
    if (GridRows) {
      W.line("/* Compiled for the slab that holds the whole grid, whose " +
             std::to_string(*GridRows) + " rows along " + R.axisName(0) +
             " make the components' offsets constants, and (0) for any "
             "slab. */");
      W.line("template <int " + wholeGridRowsParam(R) + ">");
    }
    W.open(signature(calcKernelName(R), Fields, false));
    if (GridRows)
      W.line("const int " + R.extentName(0) + " = " + wholeGridRowsParam(R) +
             " > 0 ? " + wholeGridRowsParam(R) + " : " + slabRowsParam(R) +
             ";");
    emitViews(W, Fields, false);
    // Indices in int where they all fit: with the whole grid's rows a
    // constant, nvcc then folds each access into one 32-bit add, which
    // runs faster than the subscripts in long (measured:
    // docs/notes/himeno.md, "Int subscripts in the whole-grid instance").
    ExprPrintOptions Print = printOptions();
    Print.IntSubscripts = GridRows && indicesFitInt(*GridRows);
    if (R.Map.NaivePlanes > 1) {
      emitPlanesUpdate(W, Lower, Print);
    } else {
      emitIndices(W, Lower);
      declareOuterLocals(W);
      emitPointUpdate(W, Print);
    }
    W.close();
  }

  /// Whether every index of the calc kernel fits an int when axis 0 has at
  /// most `Rows` rows (a slab holds no more than the grid): each field's
  /// components times its points, the inner extents constants.
  bool indicesFitInt(int64_t Rows) const {
    int64_t Points = Rows;
    for (unsigned A = 1; A < R.dims(); ++A) {
      if (R.Axes[A].runTimeExtent())
        return false;
      Points *= R.Axes[A].Extent;
    }
    for (unsigned I : calcKernelFields(R))
      if (R.Fields[I].componentCount() * Points >
          std::numeric_limits<int32_t>::max())
        return false;
    return true;
  }

  /// The work item's NaivePlanes consecutive points along the outermost
  /// axis, one after the other; with a reduction, the work group's share
  /// of all of them.
  void emitPlanesUpdate(CodeWriter &W,
                        const std::array<int64_t, MaxAxes> &Lower,
                        const ExprPrintOptions &Print) {
    const Axis &Outer = R.Axes[0];
    const std::string &Type = Outer.LoopVariableType;
    std::string Planes = std::to_string(R.Map.NaivePlanes);
    std::string First = fresh("first_" + Outer.LoopVariable);
    std::string Plane = fresh("plane");
    emitIndices(W, Lower, First);
    declareOuterLocals(W);
    const Reduction *Red = R.Reduce ? &*R.Reduce : nullptr;
    if (Red)
      W.line(std::string(scalarTypeName(Red->Type)) + " " + Red->Variable +
             " = " + reductionIdentity(*Red) +
             "; /* this work item's share of the reduction */");
    W.open("for (int " + Plane + " = 0; " + Plane + " < " + Planes + "; ++" +
           Plane + ")");
    W.line("const " + Type + " " + Outer.LoopVariable + " = " + First + " + " +
           Plane + ";");
    W.line("if (!(" + ownPointInCalcRange() + "))");
    W.indent().line("continue;").dedent();
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, Print));
    W.close();
    if (Red)
      emitGroupReduction(W, *Red, "");
  }

  void emitCopy(CodeWriter &W) {
    std::vector<unsigned> Fields = copyKernelFields(R);
    W.line("/* copy nest of " + R.SourceFile + ":" +
           std::to_string(R.SourceLine) +
           ", run as a kernel: " + R.Copy.StrategyReason + ". */");
    std::vector<std::string> Bounds;
    for (unsigned I : copyBoundScalars(R))
      Bounds.push_back("const int " + R.Scalars[I].Name);
    W.open(signature(copyKernelName(R), Fields, true, Bounds));
    emitViews(W, Fields, true);
    emitIndices(W, R.Copy.Lower);
    // Work items cover the widest range; the copy's own run-time bounds
    // narrow it.
    std::string Range;
    for (unsigned A = 0; A < R.dims(); ++A) {
      Axis X = R.Axes[A];
      X.Lower = R.Copy.Lower[A];
      X.Upper = R.Copy.Upper[A];
      X.LowerScalar = R.Copy.LowerScalar[A];
      X.UpperScalar = R.Copy.UpperScalar[A];
      Range += (A ? " && " : "") +
               (X.LowerScalar.empty() && X.UpperScalar.empty()
                    ? X.LoopVariable + " < " + R.upperText(A, X.Upper, false)
                    : rangeTest(X));
    }
    W.line("if (!(" + Range + "))");
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
