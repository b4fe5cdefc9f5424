//===- KernelWriter.cpp - What every kind of calc kernel shares -----------===//
#include "codegen/KernelWriter.h"

#include "ir/SlabView.h"

#include "codegen/RegionInterface.h"

#include <algorithm>
#include <cctype>

namespace tilec {

using namespace ir;

KernelWriter::KernelWriter(const StencilRegion &R, const KernelDialect &D)
    : R(R), D(D) {
  collectUserNames();
}

void KernelWriter::collectUserNames() {
  UserNames = regionIdentifiers(R);
  for (const Field &F : R.Fields)
    UserNames.insert(F.Name + "_data");
}

/// `Base`, or `Base_` etc. if the user's code already uses that name.
std::string KernelWriter::fresh(const std::string &Base) const {
  std::string Name = Base;
  while (UserNames.count(Name))
    Name += "_";
  return Name;
}

bool KernelWriter::isConst(const Field &F, bool InCopy) const {
  if (InCopy) {
    for (const CopyAssignment &C : R.Copy.Assignments)
      if (&R.Fields[C.TargetField] == &F)
        return false;
    return true;
  }
  return !F.WrittenInCalc;
}

/// A field needs a typed view when it has more than one subscript.
/// With row or line lengths known only at run time there are no views:
/// accesses print as one linear subscript (ExprPrinter.h).
bool KernelWriter::needsView(const Field &F) const {
  return F.ComponentExtents.size() + R.dims() > 1 && !R.runTimeStrides();
}

std::string KernelWriter::pointerParam(const Field &F, bool Const) const {
  return D.globalSpace() + (Const ? "const " : "") + elementTypeName(F.Type) +
         " *" + D.restrictKeyword() + " " + F.Name +
         (needsView(F) ? "_data" : "");
}

/// `__global const float (*A)[NY][NX] = (...)A_data;`: lets the kernel
/// index fields exactly as the user's C code does.
std::string KernelWriter::viewDeclaration(const Field &F, bool Const) const {
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
  return Type + " (*" + F.Name + ")" + Inner + " = (" + Type + " (*)" + Inner +
         ")" + F.Name + "_data;";
}

std::string KernelWriter::signature(const std::string &Name,
                                    const std::vector<unsigned> &Fields,
                                    bool InCopy,
                                    const std::vector<std::string> &Extra) {
  std::vector<std::string> Params;
  for (unsigned I : Fields)
    Params.push_back(pointerParam(R.Fields[I], isConst(R.Fields[I], InCopy)));
  if (!InCopy) {
    for (const ScalarParam &S : calcScalarParams(R))
      Params.push_back(std::string("const ") + scalarTypeName(S.Type) + " " +
                       S.Name);
    if (R.Reduce)
      Params.push_back(D.globalSpace() + scalarTypeName(R.Reduce->Type) + " *" +
                       D.restrictKeyword() + " " + R.Reduce->Variable +
                       "_partial");
  }
  Params.insert(Params.end(), Extra.begin(), Extra.end());
  for (unsigned A = 0; A < R.dims(); ++A)
    if (R.Axes[A].runTimeExtent())
      Params.push_back("const int " + (A == 0 && WholeGridTemplate && !InCopy
                                           ? slabRowsParam(R)
                                           : R.extentName(A)));
  std::string Prefix = D.kernelPrefix();
  int64_t GroupSize = R.Map.workGroupSize();
  if (!InCopy && CalcRegisters)
    Prefix += D.registerCap(GroupSize, CalcRegisters);
  else if (!InCopy)
    Prefix += D.groupSizeBound(GroupSize);
  std::string Head = Prefix + " " + Name + "(";
  std::string Indent(Head.size(), ' ');
  std::string Out = Head;
  for (size_t I = 0; I < Params.size(); ++I)
    Out += (I ? ",\n" + Indent : "") + Params[I];
  return Out + ")";
}

/// Declares the loop variables from the global index, offset by the
/// range's lower bound. Dimension 0 is the contiguous x axis.
void KernelWriter::emitIndices(CodeWriter &W,
                               const std::array<int64_t, MaxAxes> &Lower,
                               const std::string &OuterFirst) {
  for (unsigned A = R.dims(); A-- > 0;) {
    unsigned Dim = R.dims() - 1 - A;
    const Axis &X = R.Axes[A];
    bool First = A == 0 && !OuterFirst.empty();
    W.line("const " + X.LoopVariableType + " " +
           (First ? OuterFirst : X.LoopVariable) + " = " +
           std::to_string(Lower[A]) + " + (" + X.LoopVariableType + ")" +
           D.globalId(Dim) +
           (First ? " * " + std::to_string(R.Map.NaivePlanes) : "") + ";");
  }
}

std::string KernelWriter::inRange(const std::array<int64_t, MaxAxes> &Upper,
                                  const std::array<std::string, MaxAxes> &Own) {
  std::string Cond;
  for (unsigned A = 0; A < R.dims(); ++A)
    Cond += (A ? " && " : "") + R.Axes[A].LoopVariable + " < " +
            R.upperText(A, Upper[A], !Own[A].empty());
  return Cond;
}

std::string KernelWriter::calcLower(unsigned A) const {
  const Axis &X = R.Axes[A];
  return X.LowerScalar.empty() ? std::to_string(X.Lower) : X.LowerScalar;
}

std::string KernelWriter::calcUpper(unsigned A) const {
  const Axis &X = R.Axes[A];
  return X.UpperScalar.empty() ? std::to_string(X.Upper) : X.UpperScalar;
}

/// `lo <= v && v < hi` as one unsigned comparison, `(unsigned)(v - lo) <
/// hi - lo`: half the comparisons in kernels that test every point of
/// every step, which run faster for it (measured:
/// docs/notes/run-time-extents.md, "One unsigned comparison per axis").
/// Run-time upper bounds arrive no smaller than their lower bounds
/// (the call site passes max(hi, lo)), so an empty range stays empty.
std::string KernelWriter::inAxisRange(unsigned A) const {
  return rangeTest(R.Axes[A]);
}

std::string KernelWriter::rangeTest(const Axis &X) {
  const std::string &V = X.LoopVariable;
  auto Lower = [&X]() {
    return X.LowerScalar.empty() ? std::to_string(X.Lower) : X.LowerScalar;
  };
  auto Upper = [&X]() {
    return X.UpperScalar.empty() ? std::to_string(X.Upper) : X.UpperScalar;
  };
  if (X.LowerScalar.empty() && X.UpperScalar.empty()) {
    if (X.Upper <= X.Lower)
      return "0";
    std::string Offset =
        X.Lower ? "(unsigned)(" + V + " - " + std::to_string(X.Lower) + ")"
                : "(unsigned)" + V;
    return Offset + " < " + std::to_string(X.Upper - X.Lower) + "u";
  }
  if (Lower() == "0")
    return "(unsigned)" + V + " < (unsigned)" + Upper();
  return "(unsigned)(" + V + " - " + Lower() + ") < (unsigned)(" + Upper() +
         " - " + Lower() + ")";
}

std::string KernelWriter::inStageRange(const Stage &St) const {
  // A slab of a fused region tests the stage's global range on its global
  // row, and its own window (SlabView.h, slabWindow).
  std::string Origin =
      R.Slab && R.multiStage() && R.Map.fused() ? slabOriginName(R) : "";
  std::string Cond;
  for (unsigned A = 0; A < R.dims(); ++A) {
    Axis X = R.Axes[A];
    St.rangeInto(A, X);
    if (A == 0 && !Origin.empty())
      X.LoopVariable = "(" + X.LoopVariable + " + " + Origin + ")";
    Cond += (A ? " && " : "") + rangeTest(X);
  }
  if (!Origin.empty())
    Cond += " && " + rangeTest(R.Axes[0]);
  return Cond;
}

/// The point is in the calc range along every axis.
std::string KernelWriter::inCalcRange() const {
  std::string Cond;
  for (unsigned A = 0; A < R.dims(); ++A)
    Cond += (A ? " && " : "") + inAxisRange(A);
  return Cond;
}

std::string KernelWriter::ownPointInCalcRange() const {
  std::string Cond;
  for (unsigned A = 0; A < R.dims(); ++A) {
    const std::string &V = R.Axes[A].LoopVariable;
    Cond += (Cond.empty() ? "" : " && ") + (R.Axes[A].LowerScalar.empty()
                                                ? V + " < " + calcUpper(A)
                                                : inAxisRange(A));
  }
  return Cond;
}

void KernelWriter::emitViews(CodeWriter &W, const std::vector<unsigned> &Fields,
                             bool InCopy) {
  for (unsigned I : Fields)
    if (needsView(R.Fields[I]))
      W.line(viewDeclaration(R.Fields[I], isConst(R.Fields[I], InCopy)));
}

std::string KernelWriter::insideGrid(unsigned First, unsigned Last) const {
  std::string Inside;
  for (unsigned A = First; A < std::min(Last, R.dims()); ++A)
    Inside += (A > First ? " && " : "") + std::string("0 <= ") +
              R.Axes[A].LoopVariable + " && " + R.Axes[A].LoopVariable + " < " +
              R.extentName(A);
  return Inside;
}

void KernelWriter::openCalcKernel(CodeWriter &W,
                                  const std::vector<unsigned> &Fields,
                                  const std::string &Steps) {
  std::vector<std::string> Extra;
  if (R.Map.TimeBlock > 1)
    Extra.push_back("const int " + Steps);
  addPingPongBoundaryParam(Extra);
  W.open(signature(calcKernelName(R), Fields, false, Extra));
  emitViews(W, Fields, false);
  emitPingPongBoundaryView(W);
}

Field KernelWriter::pingPongBoundaryField() const {
  Field Boundary = R.Fields[R.Copy.Assignments.front().ValueField];
  Boundary.Name = fresh(Boundary.Name + "_boundary");
  return Boundary;
}

void KernelWriter::addPingPongBoundaryParam(
    std::vector<std::string> &Extra) const {
  if (R.PingPong && R.Map.TimeBlock > 1)
    Extra.insert(Extra.begin(), pointerParam(pingPongBoundaryField(), true));
}

void KernelWriter::emitPingPongBoundaryView(CodeWriter &W) const {
  if (R.PingPong && R.Map.TimeBlock > 1 && needsView(pingPongBoundaryField()))
    W.line(viewDeclaration(pingPongBoundaryField(), true));
}

std::string KernelWriter::pointAccess(const std::string &Name) const {
  // The ping-pong pair's boundary buffer has the shape of its arrays.
  return Name +
         printSubscripts(R, R.Copy.Assignments.front().ValueField, {}, {});
}

ExprPrintOptions KernelWriter::printOptions() const {
  ExprPrintOptions Print;
  Print.Callee = [this](const std::string &N) { return D.mathFunction(N); };
  Print.FloatMultiply = [this](ScalarType Type, const std::string &L,
                               const std::string &R) {
    return D.floatMultiply(Type, L, R);
  };
  return Print;
}

/// Temporaries declared outside the calc nest are private to each point.
void KernelWriter::declareOuterLocals(CodeWriter &W) {
  for (const LocalVariable &L : R.Locals)
    if (!L.DeclaredInBody)
      W.line(std::string(scalarTypeName(L.Type)) + " " + L.Name + ";");
}

void KernelWriter::declarePerStepValues(
    CodeWriter &W, const std::string &Step,
    const std::vector<unsigned> *Only) const {
  bool Numeric =
      !Step.empty() && std::all_of(Step.begin(), Step.end(), [](char C) {
        return std::isdigit(static_cast<unsigned char>(C));
      });
  for (unsigned I = 0; I < R.Scalars.size(); ++I) {
    const CapturedScalar &S = R.Scalars[I];
    if (!passedPerStep(R, S) ||
        (Only && std::find(Only->begin(), Only->end(), I) == Only->end()))
      continue;
    std::string Value;
    if (Numeric) {
      Value = perStepParamName(S, std::stoll(Step));
    } else {
      // Step T - 1 is the last one a launch can do.
      Value = perStepParamName(S, R.Map.TimeBlock - 1);
      for (int64_t K = R.Map.TimeBlock - 2; K >= 0; --K)
        Value = "(" + Step + ") == " + std::to_string(K) + " ? " +
                perStepParamName(S, K) + " : " + Value;
    }
    W.line("const " + std::string(scalarTypeName(S.Type)) + " " + S.Name +
           " = " + Value + "; /* " + S.PerStepExpression + " at this step */");
  }
}

/// The update of the work item's own point, whose loop variables are
/// declared; with a reduction, also the work group's share of it.
void KernelWriter::emitPointUpdate(CodeWriter &W, const ExprPrintOptions &Print,
                                   const std::string &Lid) {
  if (!R.Reduce) {
    W.line("if (!(" + ownPointInCalcRange() + "))");
    W.indent().line("return;").dedent();
    for (const Statement &S : R.Update)
      W.line(printStatement(R, S, Print));
    return;
  }
  const Reduction &Red = *R.Reduce;
  W.line(std::string(scalarTypeName(Red.Type)) + " " + Red.Variable + " = " +
         reductionIdentity(Red) +
         "; /* this work item's share of the reduction */");
  W.open("if (" + ownPointInCalcRange() + ")");
  for (const Statement &S : R.Update)
    W.line(printStatement(R, S, Print));
  W.close();
  emitGroupReduction(W, Red, Lid);
}

/// `tz - 1` style: a tile coordinate plus an offset.
std::string KernelWriter::plusOffset(const std::string &Base, int64_t Offset) {
  if (Offset == 0)
    return Base;
  return Base + (Offset > 0 ? " + " : " - ") +
         std::to_string(Offset > 0 ? Offset : -Offset);
}

/// The work item's index within its group, x fastest.
std::string KernelWriter::localLinearId() const {
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
void KernelWriter::emitGroupReduction(CodeWriter &W, const Reduction &Red,
                                      std::string Lid) {
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

void KernelWriter::emitStageBody(
    CodeWriter &W, const Stage &St,
    const std::function<std::string(unsigned, const Offsets &)> &Element)
    const {
  for (const LocalVariable &L : St.Locals)
    if (!L.DeclaredInBody)
      W.line(std::string(scalarTypeName(L.Type)) + " " + L.Name + ";");
  ExprPrintOptions Print = printOptions();
  Print.FieldAccess = [&Element](const Expr &E) -> std::string {
    return Element(E.FieldIndex, E.Offsets);
  };
  Print.Locals = &St.Locals;
  for (const Statement &Update : St.Update)
    W.line(printStatement(R, Update, Print));
  Offsets Zero{};
  for (const CopyAssignment &C : St.Copies)
    W.line(Element(C.TargetField, Zero) + " = " + Element(C.ValueField, Zero) +
           ";");
}

std::string
KernelWriter::fusedSignature(const std::map<unsigned, std::string> &Out,
                             const std::string &Steps) const {
  std::vector<std::string> Params;
  for (unsigned F : R.Map.TiledFields)
    Params.push_back(pointerParam(R.Fields[F], true));
  for (const auto &[F, Name] : Out) {
    Field OutField = R.Fields[F];
    OutField.Name = Name;
    Params.push_back(pointerParam(OutField, false));
  }
  for (const ScalarParam &S : calcScalarParams(R))
    Params.push_back(std::string("const ") + scalarTypeName(S.Type) + " " +
                     S.Name);
  if (R.Map.TimeBlock > 1)
    Params.push_back("const int " + Steps);
  for (unsigned A = 0; A < R.dims(); ++A)
    if (R.Axes[A].runTimeExtent())
      Params.push_back("const int " + R.extentName(A));
  std::string Head = D.kernelPrefix() + " " + calcKernelName(R) + "(";
  std::string Indent(Head.size(), ' ');
  std::string Line = Head;
  for (size_t I = 0; I < Params.size(); ++I)
    Line += (I ? ",\n" + Indent : "") + Params[I];
  return Line + ")";
}

void KernelWriter::emitFusedViews(
    CodeWriter &W, const std::map<unsigned, std::string> &Out) const {
  for (unsigned F : R.Map.TiledFields) {
    const Field &Fd = R.Fields[F];
    if (!needsView(Fd))
      continue;
    W.line(viewDeclaration(Fd, true));
    if (Out.count(F)) {
      Field OutField = Fd;
      OutField.Name = Out.at(F);
      W.line(viewDeclaration(OutField, false));
    }
  }
}

} // namespace tilec
