//===- CallSite.cpp - The C that replaces a stencil region ---------------===//
#include "codegen/CallSite.h"

#include "codegen/CallSiteChecks.h"

#include "codegen/CodeWriter.h"
#include "codegen/RegionInterface.h"
#include "ir/ExprPrinter.h"
#include "ir/StageView.h"

namespace tilec {

using namespace ir;

namespace {

class CallSiteWriter {
public:
  CallSiteWriter(const StencilRegion &R, const StencilRegion &Device)
      : R(R), Device(Device) {}

  std::string run(const std::string &Where) {
    if (R.PingPong)
      return runPingPong(Where);
    W.open("");
    if (R.multiStage() && R.Map.fused())
      W.line("/* tilec: stencil region " + R.Name + " (" + R.SourceFile + ":" +
             std::to_string(R.SourceLine) + ") on " + Where + ", its " +
             std::to_string(R.Stages.size()) +
             " stages per step fused into one kernel. */");
    else if (R.multiStage())
      W.line("/* tilec: stencil region " + R.Name + " (" + R.SourceFile + ":" +
             std::to_string(R.SourceLine) + ") on " + Where + ", " +
             std::to_string(R.Stages.size()) +
             " stages per step, one kernel each. */");
    else if (!R.Variants.empty())
      W.line("/* tilec: stencil region " + R.Name + " (" + R.SourceFile + ":" +
             std::to_string(R.SourceLine) + ") on " + Where + ", one of " +
             std::to_string(R.Variants.size()) +
             " vectors picked by the grid's size; copy nest: " +
             copyStrategyName(R.Copy.Strategy) + ". */");
    else
      W.line("/* tilec: stencil region " + R.Name + " (" + R.SourceFile + ":" +
             std::to_string(R.SourceLine) + ") on " + Where + ", " +
             mappingFamilyName(R.Map.Kind) + " mapping; copy nest: " +
             copyStrategyName(R.Copy.Strategy) + ". */");
    W.line(regionStructName(Device) + " tilec_region;");
    if (countsSteps())
      W.line("long tilec_steps = 0;");
    // Launches of up to T steps; T is enter()'s pick when it picks the
    // vector (VariantView.h).
    bool Blocks = calcTakesSteps(R);
    std::string T = R.Variants.empty() ? std::to_string(R.Map.TimeBlock)
                                       : "tilec_region.tilec_time_block";
    if (Blocks)
      W.line("int tilec_block; /* steps in this launch */");
    checkExtents();
    call(HostFunction::Enter, enterArguments());
    if (Blocks) {
      // Overlapped tiling: each launch advances up to T steps.
      // The loop's own condition; the steps left are hi - t (+ 1 for <=).
      const std::string &V = R.Time.Variable, &Upper = R.Time.UpperText;
      std::string Left = "(" + Upper + ") - " + V;
      if (R.Time.Inclusive)
        Left += " + 1";
      std::string Block = "tilec_block = " + Left + " < " + T + " ? (int)(" +
                          Left + ") : " + T + ";";
      if (R.Time.LoopForm == TimeLoop::DoWhile) {
        // The body runs once even where the condition fails at entry.
        W.open("do");
        W.line(Block);
        W.line("if (tilec_block < 1)");
        W.indent().line("tilec_block = 1;").dedent();
      } else {
        W.open("for (" + R.Time.InitText + "; " + V +
               (R.Time.Inclusive ? " <= " : " < ") + Upper + "; " + V +
               " += tilec_block)");
        W.line(Block);
      }
    } else {
      openUserTimeLoop();
    }
    for (const TimeLoopItem &Item : R.Body) {
      switch (Item.ItemKind) {
      case TimeLoopItem::HostStatement:
        // A launch of several steps advances the counter by them.
        if (!Item.HostFields.empty())
          hostStatementOnArrays(Item);
        else if (!(Blocks && Item.CounterStep))
          W.line(Item.HostText);
        break;
      case TimeLoopItem::Calc:
        if (R.Map.fused() && Item.StageIndex == firstStageItem())
          calc(R, Device);
        else if (R.Map.fused())
          break; // Part of the fused kernel's launch.
        else if (R.multiStage())
          calc(stageView(R, Item.StageIndex),
               stageView(Device, Item.StageIndex));
        else
          calc(R, Device);
        break;
      case TimeLoopItem::Copy: {
        if (R.Map.fused()) {
          if (Item.StageIndex == firstStageItem())
            calc(R, Device);
          break;
        }
        StencilRegion Stage, DeviceStage;
        if (R.multiStage()) {
          Stage = stageView(R, Item.StageIndex);
          DeviceStage = stageView(Device, Item.StageIndex);
        }
        const StencilRegion &Nest = R.multiStage() ? DeviceStage : Device;
        const StencilRegion &UserNest = R.multiStage() ? Stage : R;
        std::vector<std::string> Bounds;
        for (unsigned I : copyBoundScalars(UserNest))
          Bounds.push_back(scalarArgument(UserNest.Scalars[I]));
        if (hasHostFunction(Nest, HostFunction::Copy))
          call(Nest, HostFunction::Copy, Bounds);
        else
          W.line("/* copy: the copy range is empty. */");
        break;
      }
      }
    }
    if (countsSteps())
      W.line(Blocks ? "tilec_steps += tilec_block;" : "tilec_steps++;");
    if (Blocks && R.Time.LoopForm == TimeLoop::DoWhile) {
      W.line(R.Time.Variable + " += tilec_block;");
      W.close(" while (" + R.Time.ConditionText + ");");
    } else if (Blocks) {
      W.close();
    } else {
      closeUserTimeLoop();
    }
    call(HostFunction::Leave, fieldArguments(readBackFields(R)));
    if (R.Copy.Strategy == CopyStrategy::Swap)
      for (const CopyAssignment &C : R.Copy.Assignments)
        copyInterior(C);
    setLoopVariables();
    W.close();
    return W.str();
  }

private:
  /// A ping-pong pair: the user's time loop counts its steps, and one call
  /// runs their sweeps (two each) on the device.
  std::string runPingPong(const std::string &Where) {
    W.open("");
    const CopyAssignment &Pair = R.Copy.Assignments.front();
    const std::string &A = R.Fields[Pair.TargetField].Name;
    const std::string &B = R.Fields[Pair.ValueField].Name;
    std::string Mapping = mappingFamilyName(R.Map.Kind);
    if (R.Map.streams())
      Mapping = "streaming";
    std::string Step =
        R.SweepsPerStep == 1
            ? "sweeps " + A + " into " + B + " and exchanges the pointers"
            : "sweeps " + A + " into " + B + " and " + B + " into " + A;
    W.line("/* tilec: stencil region " + R.Name + " (" + R.SourceFile + ":" +
           std::to_string(R.SourceLine) + ") on " + Where + ": each step " +
           Step + ", run as " + Mapping + " sweeps, up to " +
           std::to_string(R.Map.TimeBlock) + " per launch. */");
    W.line(regionStructName(Device) + " tilec_region;");
    W.line("long tilec_steps = 0;");
    checkExtents();
    if (pingPongBlocks(R))
      compareBoundaries(A, B);
    call(HostFunction::Enter, enterArguments());
    // The user's loop only counts the steps; its counter's step stays.
    std::vector<std::string> Count = {"tilec_steps++;"};
    for (const TimeLoopItem &Item : R.Body)
      if (Item.CounterStep)
        Count.push_back(Item.HostText);
    bool Do = R.Time.LoopForm == TimeLoop::DoWhile;
    if (Count.size() > 1) {
      openUserTimeLoop();
      for (const std::string &Line : Count)
        W.line(Line);
      closeUserTimeLoop();
    } else {
      W.line(Do ? "do" : R.Time.HeaderText);
      W.indent().line(Count.front()).dedent();
      if (Do)
        W.line("while (" + R.Time.ConditionText + ");");
    }
    std::vector<std::string> Args;
    for (const CapturedScalar &S : R.Scalars)
      Args.push_back(scalarArgument(S));
    if (pingPongBlocks(R))
      Args.push_back(SameBoundaryParam);
    Args.push_back(R.SweepsPerStep == 1 ? "tilec_steps" : "2 * tilec_steps");
    call(HostFunction::Sweeps, Args);
    call(HostFunction::Leave, fieldArguments(readBackFields(R)));
    if (!R.RotationText.empty()) {
      // The buffers hold what the serial loop left in them; the pointers
      // are exchanged as often as it did, modulo two.
      W.open("if (tilec_steps > 0)");
      W.line(R.RotationText);
      W.open("if (tilec_steps % 2 == 0)");
      W.line(R.RotationText);
      W.close();
      W.close();
    }
    setLoopVariables();
    W.close();
    return W.str();
  }

  /// A pair that runs several sweeps per launch: whether A and B agree
  /// outside the calc range, where no sweep writes (SameBoundaryParam).
  /// Arrays are passed as 3D, the missing outer axes of extent 1.
  void compareBoundaries(const std::string &A, const std::string &B) {
    unsigned Pad = MaxAxes - R.dims();
    std::vector<std::string> Extents(Pad, "1"), Box;
    for (unsigned Axis = 0; Axis < Pad; ++Axis)
      Box.insert(Box.end(), {"0", "1"});
    for (unsigned Axis = 0; Axis < R.dims(); ++Axis) {
      const ir::Axis &X = R.Axes[Axis];
      Extents.push_back(X.runTimeExtent() ? R.extentName(Axis)
                                          : std::to_string(X.Extent));
      Box.push_back(boundText(X.LowerText, X.Lower));
      Box.push_back(boundText(X.UpperText, X.Upper));
    }
    std::string Type =
        elementTypeName(R.Fields[R.Copy.Assignments.front().TargetField].Type);
    std::string Args = A + ", " + B + ", sizeof(" + Type + ")";
    for (const std::string &Arg : Extents)
      Args += ", " + Arg;
    for (const std::string &Arg : Box)
      Args += ", " + Arg;
    W.line("/* Where " + A + " and " + B +
           " agree outside the calc range, every sweep shows the same "
           "boundary and the kernels need not read the other array's. */");
    W.line("const int " + std::string(SameBoundaryParam) +
           " = tilec_same_outside(" + Args + ");");
  }

  const StencilRegion &R;
  const StencilRegion &Device;
  CodeWriter W;

  /// A host statement that uses the region's arrays: they leave the
  /// devices as the serial program has them at this point, and enter
  /// again after it, which is what the region does at its ends.
  void hostStatementOnArrays(const TimeLoopItem &Item) {
    std::string Names;
    for (unsigned F : Item.HostFields)
      Names += (Names.empty() ? "" : ", ") + R.Fields[F].Name;
    W.line("/* " + R.SourceFile + ":" + std::to_string(Item.Line) + " uses " +
           Names + ": the arrays come to the host for it and go back. */");
    W.open(Item.GuardText.empty() ? "" : "if (" + Item.GuardText + ")");
    call(HostFunction::Leave, fieldArguments(readBackFields(R)));
    W.line(Item.HostText);
    call(HostFunction::Enter, enterArguments());
    W.close();
  }

  /// The user's time loop as written, one step per trip: `for (...) {`,
  /// `while (...) {` or `do {`.
  void openUserTimeLoop() {
    W.open(R.Time.LoopForm == TimeLoop::DoWhile ? "do" : R.Time.HeaderText);
  }
  void closeUserTimeLoop() {
    if (R.Time.LoopForm == TimeLoop::DoWhile)
      W.close(" while (" + R.Time.ConditionText + ");");
    else
      W.close();
  }

  /// The run-time extents (locals of emitSizeChecks), then the arrays.
  std::vector<std::string> enterArguments() const {
    std::vector<std::string> Args;
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Axes[A].runTimeExtent())
        Args.push_back(R.extentName(A));
    for (const std::string &F : fieldArguments(copiedInFields(R)))
      Args.push_back(F);
    return Args;
  }

  std::vector<std::string>
  fieldArguments(const std::vector<unsigned> &Fields) const {
    std::vector<std::string> Args;
    for (unsigned I : Fields)
      Args.push_back(R.Fields[I].Name);
    return Args;
  }

  /// The stage a fused region's launch stands in for.
  unsigned firstStageItem() const {
    for (const TimeLoopItem &Item : R.Body)
      if (Item.ItemKind != TimeLoopItem::HostStatement)
        return Item.StageIndex;
    return 0;
  }

  void call(HostFunction F, std::vector<std::string> Args) {
    call(Device, F, std::move(Args));
  }
  /// A call of `Callee`'s function F (the region's, or a stage's).
  void call(const StencilRegion &Callee, HostFunction F,
            std::vector<std::string> Args) {
    Args.insert(Args.begin(), "&tilec_region");
    std::string List;
    for (size_t I = 0; I < Args.size(); ++I)
      List += (I ? ", " : "") + Args[I];
    W.line(hostFunctionName(Callee, F) + "(" + List + ");");
  }

  /// The calc of `Nest` (the region, or one of its stages) with the user's
  /// names, `DeviceNest` the same with device-safe names.
  void calc(const StencilRegion &Nest, const StencilRegion &DeviceNest) {
    if (!hasHostFunction(Nest, HostFunction::Calc)) {
      W.line("/* calc: the calc range is empty. */");
      return;
    }
    std::vector<std::string> Args = calcScalarArguments(Nest);
    if (Nest.Reduce)
      Args.push_back("&" + Nest.Reduce->Variable);
    if (calcTakesSteps(Nest))
      Args.push_back("tilec_block");
    call(DeviceNest, HostFunction::Calc, Args);
  }

  /// The step count matters after the loop only when something there
  /// depends on whether a step ran.
  bool countsSteps() const {
    if (R.Copy.Strategy == CopyStrategy::Swap)
      return true;
    for (const LoopVariableExit &V : R.Time.LoopVariables)
      if (V.ValueAfter || !V.ValueAfterText.empty())
        return true;
    return false;
  }

  /// The extents at compile time and the run-time ranges, before any
  /// device work (CallSiteChecks.h).
  void checkExtents() { emitSizeChecks(R, W); }

  /// The point of the loop variables in a field as the user's code indexes
  /// it: `A[i][j]`, or `A[(size_t)i * 45 + j]` for a flat array.
  std::string hostAccess(unsigned Field,
                         const std::vector<int64_t> &Components) const {
    const ir::Field &F = R.Fields[Field];
    if (!F.Flat)
      return printAccess(R, Field, Components, {});
    std::string Index;
    for (unsigned A = 0; A < R.dims(); ++A)
      Index = A == 0 ? "(size_t)" + R.Axes[A].LoopVariable
                     : "(" + Index + ") * " + R.extentName(A) + " + " +
                           R.Axes[A].LoopVariable;
    return F.Name + "[" + Index + "]";
  }

  /// After a step the copy nest has made each swapped destination equal to
  /// its source on the calc range; leave() copied back only the source.
  void copyInterior(const CopyAssignment &C) {
    W.line("/* The last copy nest left " + R.Fields[C.ValueField].Name +
           " equal to " + R.Fields[C.TargetField].Name +
           " on the calc range. */");
    W.openBlock("if (tilec_steps > 0)");
    for (unsigned A = 0; A < R.dims(); ++A) {
      const Axis &X = R.Axes[A];
      // The user's own loop variable where it outlives the loops (declaring
      // another would shadow it); setLoopVariables() runs after this.
      bool Outlives = false;
      for (const LoopVariableExit &V : R.Time.LoopVariables)
        Outlives |= V.Name == X.LoopVariable;
      if (!Outlives)
        W.declare(X.LoopVariableType + " " + X.LoopVariable + ";");
      W.line("for (" + X.LoopVariable + " = " +
             boundText(X.LowerText, X.Lower) + "; " + X.LoopVariable + " < " +
             boundText(X.UpperText, X.Upper) + "; " + X.LoopVariable + "++)");
      W.indent();
    }
    W.line(hostAccess(C.ValueField, C.ValueComponents) + " = " +
           hostAccess(C.TargetField, C.TargetComponents) + ";");
    for (unsigned A = 0; A < R.dims(); ++A)
      W.dedent();
    W.close();
  }

  void setLoopVariables() {
    std::vector<const LoopVariableExit *> Set;
    std::string Unused;
    for (const LoopVariableExit &V : R.Time.LoopVariables) {
      if (V.ValueAfter || !V.ValueAfterText.empty())
        Set.push_back(&V);
      if (V.UnusedOutside)
        Unused +=
            std::string(Unused.empty() ? "" : " ") + "(void)" + V.Name + ";";
    }
    for (const LocalVariable &L : R.Locals)
      if (!L.DeclaredInBody && L.UnusedOutside)
        Unused +=
            std::string(Unused.empty() ? "" : " ") + "(void)" + L.Name + ";";
    if (!Set.empty()) {
      W.line("/* Leave the loop variables as the serial loops would. */");
      W.open("if (tilec_steps > 0)");
      for (const LoopVariableExit *V : Set) {
        if (V->ValueAfter) {
          W.line(V->Name + " = " + std::to_string(*V->ValueAfter) + ";");
          continue;
        }
        W.line("if (" + V->RanCondition + ")");
        W.indent().line(V->Name + " = " + V->ValueAfterText + ";").dedent();
      }
      W.close();
    }
    if (!Unused.empty()) {
      W.line("/* Only the region used these variables. */");
      W.line(Unused);
    }
  }
};

} // namespace

std::string emitCallSite(const StencilRegion &Region,
                         const StencilRegion &Device,
                         const std::string &Where) {
  return CallSiteWriter(Region, Device).run(Where);
}

} // namespace tilec
