//===- HostFunctionWriter.h - Prints a region's host functions -*- C++ -*-===//
//
// Internal to codegen/: the writer of the functions of RegionInterface.h
// for one region (or one stage's view). The common functions are defined
// in HostEmitter.cpp, a ping-pong pair's calc and sweeps in
// PingPongHost.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_HOSTFUNCTIONWRITER_H
#define TILEC_CODEGEN_HOSTFUNCTIONWRITER_H

#include "codegen/CodeWriter.h"
#include "codegen/HostEmitter.h"
#include "codegen/RegionInterface.h"
#include "target/TargetTraits.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string>

namespace tilec {

/// Prints the functions of RegionInterface.h for one region.
class HostFunctionWriter {
public:
  HostFunctionWriter(const ir::StencilRegion &R, const HostDialect &D)
      : R(R), D(D) {
    // A ping-pong pair's arrays each start from their own contents.
    if (R.Copy.Strategy == ir::CopyStrategy::Swap && !R.PingPong)
      for (const ir::CopyAssignment &C : R.Copy.Assignments)
        SwapPartner[C.ValueField] = C.TargetField;
  }

  /// The functions of `Which` that the region has, in that order.
  std::string run(std::initializer_list<HostFunction> Which) {
    for (HostFunction F : Which) {
      if (!hasHostFunction(R, F))
        continue;
      switch (F) {
      case HostFunction::Enter:
        enter();
        break;
      case HostFunction::Calc:
        calc();
        break;
      case HostFunction::Copy:
        copy();
        break;
      case HostFunction::Leave:
        leave();
        break;
      case HostFunction::Sweeps:
        sweeps();
        break;
      }
    }
    return W.str();
  }

private:
  const ir::StencilRegion &R;
  const HostDialect &D;
  CodeWriter W;
  /// Destination field -> the source it is swapped with.
  std::map<unsigned, unsigned> SwapPartner;

  void open(HostFunction F, const std::string &Comment) {
    W.line("/* " + Comment + " */");
    // A variant's calc, and a slab's functions, are called by the region's
    // own functions only.
    bool Internal = !R.VariantSuffix.empty() || R.Slab;
    W.openBlock((Internal ? "static" : D.functionQualifier()) + " " +
                hostFunctionSignature(R, F));
  }
  void close() {
    W.close();
    W.line();
  }

  std::string buffer(unsigned Index) const {
    return "tilec_region->" + bufferMember(R, Index);
  }
  std::string nextBuffer(unsigned Index) const {
    return "tilec_region->" + nextBufferMember(R, Index);
  }
  std::string partialBuffer() const {
    return "tilec_region->" + partialMember();
  }
  bool combinedAtLeave() const { return R.Reduce && R.Reduce->CombinedAtLeave; }
  std::string combineTarget() const {
    return "tilec_region->" + combineTargetMember();
  }
  std::string combineCount() const {
    return "tilec_region->" + combineCountMember();
  }
  std::string elementType(unsigned Index) const {
    return elementTypeName(R.Fields[Index].Type);
  }
  /// Bytes of a field's buffer; `tilec_points` holds the grid's points.
  std::string bytes(unsigned Index) const {
    const ir::Field &F = R.Fields[Index];
    std::string Count = "tilec_points";
    if (!F.ComponentExtents.empty())
      Count = std::to_string(F.componentCount()) + " * " + Count;
    return Count + " * sizeof(" + elementType(Index) + ")";
  }
  std::string pointsExpression() const {
    std::string Out = "(size_t)" + R.extentName(0);
    for (unsigned A = 1; A < R.dims(); ++A)
      Out += " * " + R.extentName(A);
    return Out;
  }
  /// Extents known only at run time, under the names kernels give them,
  /// from the region (enter() stored them).
  void declareExtents() {
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Axes[A].runTimeExtent())
        W.line("const int " + R.extentName(A) + " = tilec_region->" +
               R.extentName(A) + ";");
  }
  /// Kernels take the run-time extents after their other arguments.
  void addExtentArguments(std::vector<std::string> &Args) const {
    for (unsigned A = 0; A < R.dims(); ++A)
      if (R.Axes[A].runTimeExtent())
        Args.push_back(R.extentName(A));
  }
  /// Returns early when the grid leaves the launch no group (a grid too
  /// small for the stencil: nothing to update).
  void skipEmptyLaunch(const LaunchShape &S) {
    if (!S.Empty.empty())
      W.line("if (" + S.Empty + ")").indent().line("return;").dedent();
  }
  void declarePoints() {
    W.line("const size_t tilec_points = " + pointsExpression() + ";");
  }

  LaunchShape calcShape() const { return calcShapeOf(R); }
  /// The calc launch of `View`, a region with R's extents and ranges and a
  /// mapping of its own (a ping-pong pair's sameBoundaryView).
  LaunchShape calcShapeOf(const ir::StencilRegion &View) const {
    std::array<std::string, ir::MaxAxes> Own;
    for (unsigned A = 0; A < View.dims(); ++A)
      Own[A] = View.Axes[A].UpperScalar.empty() && View.envelopeFollowsExtent(A)
                   ? View.extentName(A)
                   : View.Axes[A].UpperScalar;
    LaunchShape S = launchShape(
        View, View.calcLower(), View.calcUpper(), Own, View.Map.streams(),
        View.Map.Kind == ir::MappingKind::Naive ? View.Map.NaivePlanes : 1);
    S.BuildRegisterCap = View.Map.Shape.BuildRegisterCap;
    if (View.Map.DynamicLocalMemory)
      S.DynamicLocalBytes = View.Map.LocalMemoryBytes;
    return S;
  }
  std::string groupCount() const {
    LaunchShape S = calcShape();
    if (S.Empty.empty())
      return std::to_string(std::max<int64_t>(std::stoll(S.groups()), 1));
    return "tilec_count_or_one((long long)" + S.groups() + ")";
  }

  void enter();

  /// Extents known only at run time with several vectors compiled in
  /// (VariantView.h): enter() stores the one for the grid's points and its
  /// steps per launch; calc() calls that variant's calc.
  void pickVariant();
  void dispatchCalc();

  /// Ping-pong pairs with several sweeps per launch: the launch reads the
  /// array holding the current sweep; an odd number of sweeps ends in the
  /// other array's buffer, an even number in the same array's second
  /// buffer, so that each array's buffers only ever show its own boundary.
  void pingPongCalc();

  void calc();
  /// Launches the calc kernel with `Args`: with a kernel compiled also for
  /// the whole grid (wholeGridRows), that one when the slab holds it.
  void launchCalc(const std::vector<std::string> &Args);

  /// A slab view that launches in parts (StencilRegion::LaunchParts): the
  /// loop over the parts, each declaring the window's scalars; the launch
  /// goes between the two.
  void openLaunchParts();
  void closeLaunchParts();

  /// After a fused launch the second buffer holds the field's new values.
  void swapBuffers(unsigned I);

  /// The host array of the groups' partial results, `tilec_groups`: static
  /// when `Count` is "" (the calc's group count is a constant), else
  /// allocated for `Count` results.
  void declareGroups(const std::string &Count);
  /// The end of calc's comment: who combines the reduction.
  std::string reductionComment() const;
  /// Reads `Count` partial results ("": the calc's constant group count)
  /// and adds them to `Target` one by one, in group order, as the serial
  /// loop adds points.
  void combineReduction(const std::string &Count, const std::string &Target);
  /// Reduction::CombinedAtLeave: calc leaves its partial results on the
  /// device and records where and how many; leave() combines them.
  void deferCombine();

  void copy();

  /// Ping-pong pairs: every sweep of the time loop, in launches of up to T
  /// sweeps, the last launch a single sweep, so that B ends one sweep
  /// behind A.
  void sweeps();

  void leave();
};

} // namespace tilec

#endif
