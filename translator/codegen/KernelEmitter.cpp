//===- KernelEmitter.cpp - Print calc and copy kernels -------------------===//
#include "codegen/KernelEmitter.h"

#include "codegen/CodeWriter.h"
#include "ir/ExprPrinter.h"

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
    CodeWriter W;
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
                        const std::vector<unsigned> &Fields, bool InCopy) {
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

  void emitCalc(CodeWriter &W) {
    std::array<int64_t, MaxAxes> Lower{}, Upper{};
    for (unsigned A = 0; A < R.dims(); ++A) {
      Lower[A] = R.Axes[A].Lower;
      Upper[A] = R.Axes[A].Upper;
    }
    std::vector<unsigned> Fields = calcKernelFields(R);
    W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
           ": one work item per grid point. */");
    W.open(signature(calcKernelName(R), Fields, false));
    emitViews(W, Fields, false);
    emitIndices(W, Lower);
    for (const LocalVariable &L : R.Locals)
      if (!L.DeclaredInBody)
        W.line(std::string(scalarTypeName(L.Type)) + " " + L.Name + ";");

    ExprPrintOptions Print;
    Print.Callee = [this](const std::string &N) { return D.mathFunction(N); };
    if (!R.Reduce) {
      W.line("if (!(" + inRange(Upper) + "))");
      W.indent().line("return;").dedent();
      for (const Statement &S : R.Update)
        W.line(printStatement(R, S, Print));
      W.close();
      return;
    }
    const Reduction &Red = *R.Reduce;
    std::string Type = scalarTypeName(Red.Type);
    W.line(Type + " " + Red.Variable + " = " + reductionIdentity(Red) +
           "; /* this work item's share of the reduction */");
    W.open("if (" + inRange(Upper) + ")");
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, Print));
    W.close();
    emitGroupReduction(W, Red);
    W.close();
  }

  /// Tree reduction of the work group's values in local memory; the first
  /// work item writes the group's result, which the host combines.
  void emitGroupReduction(CodeWriter &W, const Reduction &Red) {
    int64_t GroupSize =
        R.Map.WorkGroup[0] * R.Map.WorkGroup[1] * R.Map.WorkGroup[2];
    std::string Type = scalarTypeName(Red.Type);
    std::string Scratch = Red.Variable + "_scratch";
    std::string Lid = D.localId(0);
    std::string Group = D.groupId(0);
    std::string Stride = "", GroupStride = "";
    for (unsigned Dim = 1; Dim < R.dims(); ++Dim) {
      Stride += (Stride.empty() ? "" : " * ") +
                std::to_string(R.Map.WorkGroup[R.dims() - Dim]);
      GroupStride += (GroupStride.empty() ? "" : " * ") + D.groupCount(Dim - 1);
      Lid += " + " + Stride + " * " + D.localId(Dim);
      Group += " + " + GroupStride + " * " + D.groupId(Dim);
    }
    W.line(D.localArray(Type, Scratch, GroupSize));
    W.line("const int lid = (int)(" + Lid + ");");
    W.line(Scratch + "[lid] = " + Red.Variable + ";");
    W.line(D.barrier());
    W.open("for (int stride = " + std::to_string(GroupSize / 2) +
           "; stride > 0; stride /= 2)");
    std::string Mine = Scratch + "[lid]", Other = Scratch + "[lid + stride]";
    std::string Combined =
        Red.Op == ReductionOp::Sum ? Mine + " + " + Other
        : Red.Op == ReductionOp::Min
            ? Other + " < " + Mine + " ? " + Other + " : " + Mine
            : Other + " > " + Mine + " ? " + Other + " : " + Mine;
    W.line("if (lid < stride)");
    W.indent().line(Mine + " = " + Combined + ";").dedent();
    W.line(D.barrier());
    W.close();
    W.line("if (lid == 0)");
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
