//===- HostEmitter.cpp - Print the host code that replaces a region ------===//
#include "codegen/HostEmitter.h"

#include "codegen/KernelEmitter.h"
#include "ir/ExprPrinter.h"

#include <map>

namespace tilec {

using namespace ir;

LaunchShape launchShape(const StencilRegion &R,
                        const std::array<int64_t, MaxAxes> &Lower,
                        const std::array<int64_t, MaxAxes> &Upper,
                        bool Streamed) {
  LaunchShape S;
  S.Dims = R.dims();
  for (unsigned A = 0; A < R.dims(); ++A) {
    unsigned Dim = R.dims() - 1 - A;
    int64_t Local = R.Map.WorkGroup[A];
    int64_t Count = std::max<int64_t>(Upper[A] - Lower[A], 0);
    S.Local[Dim] = Local;
    if (!Streamed) {
      S.Global[Dim] = (Count + Local - 1) / Local * Local;
    } else if (A == 0) {
      // One group per chunk of rows along the streamed axis.
      S.Global[Dim] = (Count + R.Map.StreamChunk - 1) / R.Map.StreamChunk;
    } else {
      // Groups overlap: each owns only its middle part.
      int64_t Owned = R.Map.streamOwned(A);
      int64_t FirstOwned =
          R.Map.StreamStart[A] + R.Map.HaloMinus[A] * (R.Map.TimeBlock - 1);
      int64_t Covered = Count ? Upper[A] - FirstOwned : 0;
      S.Global[Dim] = (Covered + Owned - 1) / Owned * Local;
    }
  }
  return S;
}

namespace {

class Emitter {
public:
  Emitter(const StencilRegion &R, const HostDialect &D) : R(R), D(D) {
    if (R.Copy.Strategy == CopyStrategy::Swap)
      for (const CopyAssignment &C : R.Copy.Assignments)
        SwapPartner[C.ValueField] = C.TargetField;
  }

  std::string run(const std::string &TargetName) {
    CodeWriter W;
    W.open("");
    W.line("/* tilec: stencil region " + R.Name + " (" + R.SourceFile + ":" +
           std::to_string(R.SourceLine) + ") on " + TargetName + ", " +
           mappingKindName(R.Map.Kind) + " mapping; copy nest: " +
           copyStrategyName(R.Copy.Strategy) + ". */");
    W.line("const size_t tilec_points = " + pointsExpression() + ";");
    declareKernels(W);
    declareBuffers(W);
    if (R.Reduce)
      declareReduction(W);
    W.line("long tilec_steps = 0;");
    int64_t T = R.Map.TimeBlock;
    if (T > 1) {
      // Overlapped tiling: each launch advances up to T steps.
      const std::string &V = R.Time.Variable, &Upper = R.Time.UpperText;
      W.line("int tilec_block; /* steps in this launch */");
      W.open("for (" + R.Time.InitText + "; " + V + " < " + Upper + "; " + V +
             " += tilec_block)");
      W.line("tilec_block = (" + Upper + ") - " + V + " < " +
             std::to_string(T) + " ? (int)((" + Upper + ") - " + V +
             ") : " + std::to_string(T) + ";");
    } else {
      W.open(R.Time.HeaderText);
    }
    for (const TimeLoopItem &Item : R.Body) {
      switch (Item.ItemKind) {
      case TimeLoopItem::HostStatement:
        W.line(Item.HostText);
        break;
      case TimeLoopItem::Calc:
        emitCalc(W);
        break;
      case TimeLoopItem::Copy:
        emitCopy(W);
        break;
      }
    }
    W.line(T > 1 ? "tilec_steps += tilec_block;" : "tilec_steps++;");
    W.close();
    readBack(W);
    setLoopVariables(W);
    for (unsigned I = 0; I < R.Fields.size(); ++I)
      W.line(D.release(buffer(I)));
    if (R.Reduce)
      W.line(D.release(partialBuffer()));
    W.close();
    return W.str();
  }

private:
  const StencilRegion &R;
  const HostDialect &D;
  /// Destination field -> the source it is swapped with.
  std::map<unsigned, unsigned> SwapPartner;

  std::string buffer(unsigned Index) const {
    return "tilec_" + R.Fields[Index].Name;
  }
  std::string partialBuffer() const {
    return "tilec_" + R.Reduce->Variable + "_partial";
  }
  std::string groupResults() const {
    return "tilec_" + R.Reduce->Variable + "_groups";
  }
  std::string elementType(unsigned Index) const {
    return elementTypeName(R.Fields[Index].Type);
  }
  /// Bytes of a field's buffer, counting points as `Points` (the
  /// `tilec_points` variable, or pointsExpression() where a constant
  /// expression is needed, as in static assertions).
  std::string bytes(unsigned Index,
                    const std::string &Points = "tilec_points") const {
    const Field &F = R.Fields[Index];
    std::string Count = Points;
    if (!F.ComponentExtents.empty())
      Count = std::to_string(F.componentCount()) + " * " + Count;
    return Count + " * sizeof(" + elementType(Index) + ")";
  }
  std::string pointsExpression() const {
    std::string Out = "(size_t)" + std::to_string(R.Axes[0].Extent);
    for (unsigned A = 1; A < R.dims(); ++A)
      Out += " * " + std::to_string(R.Axes[A].Extent);
    return Out;
  }

  bool calcRuns() const { return R.calcPoints() > 0; }
  bool copyRuns() const {
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Copy.Upper[A] <= R.Copy.Lower[A])
        return false;
    return true;
  }

  void declareKernels(CodeWriter &W) {
    if (calcRuns())
      D.declareKernel(
          W, calcKernelName(R), "tilec_calc",
          launchShape(R, R.calcLower(), R.calcUpper(), R.Map.Stream));
    if (R.Copy.Strategy == CopyStrategy::Kernel && copyRuns())
      D.declareKernel(W, copyKernelName(R), "tilec_copy",
                      launchShape(R, R.Copy.Lower, R.Copy.Upper, false));
  }

  void declareBuffers(CodeWriter &W) {
    // The kernels index with the extents seen at translation time; a build
    // with other sizes (-DNX=...) must not compile.
    for (unsigned I = 0; I < R.Fields.size(); ++I)
      if (R.Fields[I].HostIsArray)
        W.line(D.staticAssert("sizeof " + R.Fields[I].Name +
                                  " == " + bytes(I, pointsExpression()),
                              R.Fields[I].Name +
                                  " has other extents than tilec translated"));
    for (unsigned I = 0; I < R.Fields.size(); ++I)
      W.line(D.bufferType(elementType(I)) + buffer(I) + " = " +
             D.allocate(elementType(I), bytes(I), R.Fields[I].Name) + ";");
    for (unsigned I = 0; I < R.Fields.size(); ++I) {
      auto Partner = SwapPartner.find(I);
      if (Partner == SwapPartner.end()) {
        W.line(
            D.write(buffer(I), R.Fields[I].Name, bytes(I), R.Fields[I].Name));
        continue;
      }
      const std::string &Source = R.Fields[Partner->second].Name;
      W.line("/* " + R.Fields[I].Name + "'s buffer starts as a copy of " +
             Source + ": the two are swapped every step, and both must show " +
             Source + "'s boundary. */");
      W.line(D.write(buffer(I), Source, bytes(I), R.Fields[I].Name));
    }
  }

  void declareReduction(CodeWriter &W) {
    LaunchShape Shape =
        launchShape(R, R.calcLower(), R.calcUpper(), R.Map.Stream);
    std::string Type = scalarTypeName(R.Reduce->Type);
    W.line("static " + Type + " " + groupResults() + "[" +
           std::to_string(std::max<int64_t>(Shape.groups(), 1)) +
           "]; /* one partial " + reductionOpName(R.Reduce->Op) +
           " per work group */");
    W.line(D.bufferType(Type) + partialBuffer() + " = " +
           D.allocate(Type, "sizeof " + groupResults(),
                      R.Reduce->Variable + " partial results") +
           ";");
  }

  void emitCalc(CodeWriter &W) {
    if (!calcRuns()) {
      W.line("/* calc: the calc range is empty. */");
      return;
    }
    std::vector<std::string> Args;
    for (unsigned I : calcKernelFields(R))
      Args.push_back(buffer(I));
    for (const CapturedScalar &S : R.Scalars)
      Args.push_back(S.Name);
    if (R.Reduce)
      Args.push_back(partialBuffer());
    if (R.Map.TimeBlock > 1)
      Args.push_back("tilec_block");
    D.launch(W, calcKernelName(R), "tilec_calc", Args);
    if (R.Reduce)
      combineReduction(W);
  }

  void combineReduction(CodeWriter &W) {
    const Reduction &Red = *R.Reduce;
    std::string Groups = groupResults();
    W.line(D.read(partialBuffer(), Groups, "sizeof " + Groups, Red.Variable));
    std::string Item = Groups + "[tilec_g]";
    W.line("for (size_t tilec_g = 0; tilec_g < sizeof " + Groups +
           " / sizeof " + Groups + "[0]; tilec_g++)");
    W.indent();
    if (Red.Op == ReductionOp::Sum)
      W.line(Red.Variable + " += " + Item + ";");
    else
      W.line("if (" + Item + (Red.Op == ReductionOp::Min ? " < " : " > ") +
             Red.Variable + ")")
          .indent()
          .line(Red.Variable + " = " + Item + ";")
          .dedent();
    W.dedent();
  }

  void emitCopy(CodeWriter &W) {
    if (R.Copy.Strategy == CopyStrategy::Swap) {
      for (const CopyAssignment &C : R.Copy.Assignments) {
        std::string S = buffer(C.TargetField), Dst = buffer(C.ValueField);
        W.line("/* copy nest: " + R.Fields[C.TargetField].Name + " = " +
               R.Fields[C.ValueField].Name + " becomes a buffer swap. */");
        W.open("");
        W.line(D.bufferType(elementType(C.TargetField)) + "tilec_swap = " + S +
               ";");
        W.line(S + " = " + Dst + ";");
        W.line(Dst + " = tilec_swap;");
        W.close();
      }
      return;
    }
    if (!copyRuns()) {
      W.line("/* copy: the copy range is empty. */");
      return;
    }
    std::vector<std::string> Args;
    for (unsigned I : copyKernelFields(R))
      Args.push_back(buffer(I));
    D.launch(W, copyKernelName(R), "tilec_copy", Args);
  }

  /// Host loops over the calc range: after a step the copy nest has made
  /// each swapped destination equal to its source there.
  void copyInteriorOnHost(CodeWriter &W, const CopyAssignment &C) {
    std::array<int64_t, MaxAxes> Zero{};
    W.line("/* The last copy nest left " + R.Fields[C.ValueField].Name +
           " equal to " + R.Fields[C.TargetField].Name +
           " on the calc range. */");
    W.open("if (tilec_steps > 0)");
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      W.line("for (" + X.LoopVariableType + " " + X.LoopVariable + " = " +
             std::to_string(X.Lower) + "; " + X.LoopVariable + " < " +
             std::to_string(X.Upper) + "; " + X.LoopVariable + "++)");
      W.indent();
    }
    W.line(printAccess(R, C.ValueField, C.ValueComponents, Zero) + " = " +
           printAccess(R, C.TargetField, C.TargetComponents, Zero) + ";");
    for (unsigned A = 0; A < R.dims(); ++A)
      W.dedent();
    W.close();
  }

  void setLoopVariables(CodeWriter &W) {
    std::vector<const LoopVariableExit *> Set;
    std::string Unused;
    for (const LoopVariableExit &V : R.Time.LoopVariables) {
      if (V.ValueAfter)
        Set.push_back(&V);
      if (V.UnusedOutside)
        Unused +=
            std::string(Unused.empty() ? "" : " ") + "(void)" + V.Name + ";";
    }
    if (!Set.empty()) {
      W.line("/* Leave the loop variables as the serial loops would. */");
      W.open("if (tilec_steps > 0)");
      for (const LoopVariableExit *V : Set)
        W.line(V->Name + " = " + std::to_string(*V->ValueAfter) + ";");
      W.close();
    }
    if (!Unused.empty()) {
      W.line("/* Only the region's loops used these variables. */");
      W.line(Unused);
    }
  }

  void readBack(CodeWriter &W) {
    for (unsigned I = 0; I < R.Fields.size(); ++I) {
      const Field &F = R.Fields[I];
      bool Written =
          F.Role == FieldRole::Source || F.Role == FieldRole::Destination;
      if (Written && !SwapPartner.count(I))
        W.line(D.read(buffer(I), F.Name, bytes(I), F.Name));
    }
    if (R.Copy.Strategy == CopyStrategy::Swap)
      for (const CopyAssignment &C : R.Copy.Assignments)
        copyInteriorOnHost(W, C);
  }
};

} // namespace

std::string emitHostCode(const StencilRegion &Region,
                         const HostDialect &Dialect,
                         const std::string &TargetName) {
  return Emitter(Region, Dialect).run(TargetName);
}

} // namespace tilec
