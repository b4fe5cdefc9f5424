//===- KernelWriter.h - What every kind of calc kernel shares --*- C++ -*-===//
//
// Internal to codegen/: the region and dialect a kernel is printed for,
// and the helpers that the naive (KernelEmitter.cpp), blocked
// (BlockedKernel.cpp) and streaming (StreamedKernel.cpp) kernels share.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_KERNELWRITER_H
#define TILEC_CODEGEN_KERNELWRITER_H

#include "codegen/CodeWriter.h"
#include "codegen/KernelEmitter.h"
#include "ir/ExprPrinter.h"

#include <array>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tilec {

class KernelWriter {
public:
  KernelWriter(const ir::StencilRegion &R, const KernelDialect &D);

protected:
  const ir::StencilRegion &R;
  const KernelDialect &D;
  /// Registers per work item the calc kernel is built for, where the
  /// target states a bound in the kernel (KernelDialect::registerCap); 0
  /// leaves them to the compiler. Set before openCalcKernel.
  int64_t CalcRegisters = 0;
  /// The calc kernel is a template on the grid's rows (wholeGridRows): its
  /// parameter for axis 0's extent is then a slab's rows
  /// (slabRowsParam). Set before signature; copy kernels are not.
  bool WholeGridTemplate = false;
  /// Names the user's code uses in the kernel; kernel-internal names avoid
  /// them (see fresh()).
  std::set<std::string> UserNames;

  /// `Base`, or `Base_` etc. if the user's code already uses that name.
  std::string fresh(const std::string &Base) const;

  bool isConst(const ir::Field &F, bool InCopy) const;

  /// A field needs a typed view when it has more than one subscript.
  bool needsView(const ir::Field &F) const;

  std::string pointerParam(const ir::Field &F, bool Const) const;

  /// `__global const float (*A)[NY][NX] = (...)A_data;`: lets the kernel
  /// index fields exactly as the user's C code does.
  std::string viewDeclaration(const ir::Field &F, bool Const) const;

  std::string signature(const std::string &Name,
                        const std::vector<unsigned> &Fields, bool InCopy,
                        const std::vector<std::string> &Extra = {});

  /// Declares the loop variables from the global index, offset by the
  /// range's lower bound. Dimension 0 is the contiguous x axis. With
  /// `OuterFirst`, axis 0's line declares that name instead: the first of
  /// the work item's Mapping::NaivePlanes points along it.
  void emitIndices(CodeWriter &W, const std::array<int64_t, ir::MaxAxes> &Lower,
                   const std::string &OuterFirst = "");

  /// Below `Upper` on every axis; an axis whose `Own` bound is known only
  /// at run time ends relative to its run-time extent (envelopeUpper).
  std::string inRange(const std::array<int64_t, ir::MaxAxes> &Upper,
                      const std::array<std::string, ir::MaxAxes> &Own);

  /// The calc range's bounds along axis A: numbers, or the scalars that
  /// carry bounds known only at run time.
  std::string calcLower(unsigned A) const;
  std::string calcUpper(unsigned A) const;
  /// `lo <= v && v < hi` along axis A, as one unsigned comparison.
  std::string inAxisRange(unsigned A) const;
  /// The same test for any axis's range.
  static std::string rangeTest(const ir::Axis &X);
  /// The point is in stage St's range along every axis (fused kernels).
  std::string inStageRange(const ir::Stage &St) const;
  /// The same for every axis: the point is in the calc range.
  std::string inCalcRange() const;
  /// The same for a work item whose point lies at or above the static
  /// lower bounds (launches start there): `v < hi`, and `v >= lo` where lo
  /// is known only at run time.
  std::string ownPointInCalcRange() const;
  /// `0 <= v && v < extent` for the axes [First, Last): the point is in
  /// the grid (along those axes).
  std::string insideGrid(unsigned First = 0, unsigned Last = ir::MaxAxes) const;

  void emitViews(CodeWriter &W, const std::vector<unsigned> &Fields,
                 bool InCopy);

  ir::ExprPrintOptions printOptions() const;

  /// Temporaries declared outside the calc nest are private to each point.
  void declareOuterLocals(CodeWriter &W);

  /// With T > 1, in the scope of one step's updates: each per-step table's
  /// value at that step (`Step`, counted from 0) under the name the
  /// updates use (`const float fict_t = fict_t_2;`, or a choice among the
  /// parameters when the step is a variable). Nothing when T = 1. With
  /// `Only` (indices into R.Scalars, as Stage::Scalars), just those.
  void declarePerStepValues(CodeWriter &W, const std::string &Step,
                            const std::vector<unsigned> *Only = nullptr) const;

  /// The update of the work item's own point, whose loop variables are
  /// declared; with a reduction, also the work group's share of it.
  void emitPointUpdate(CodeWriter &W, const ir::ExprPrintOptions &Print,
                       const std::string &Lid = "");

  /// Opens a blocked or streaming calc kernel over `Fields`: its
  /// signature (with the step count `Steps` when T > 1 and a ping-pong
  /// pair's boundary buffer) and the fields' typed views.
  void openCalcKernel(CodeWriter &W, const std::vector<unsigned> &Fields,
                      const std::string &Steps);

  /// Ping-pong pairs with T > 1: the other array's buffer, whose boundary
  /// the odd sweeps of a launch show (PingPong.h), as a read-only field.
  ir::Field pingPongBoundaryField() const;
  /// Ping-pong pairs with T > 1: adds that buffer's parameter in front of
  /// `Extra`, and declares its view after the signature.
  void addPingPongBoundaryParam(std::vector<std::string> &Extra) const;
  void emitPingPongBoundaryView(CodeWriter &W) const;
  /// `Name[v0][v1]`: the work item's point in an array of the grid's shape.
  std::string pointAccess(const std::string &Name) const;

  using Offsets = std::array<int64_t, ir::MaxAxes>;
  /// A fused kernel's stage at one point: its temporaries, its update and
  /// its copies, each field element printed by `Element` (a tile or a
  /// ring in local memory).
  void emitStageBody(CodeWriter &W, const ir::Stage &St,
                     const std::function<std::string(unsigned, const Offsets &)>
                         &Element) const;

  /// The fused kernels' signature: every field the stages use, the second
  /// buffer of each written one (`Out`, by field), the captured scalars
  /// and, with T > 1, the step count `Steps`.
  std::string fusedSignature(const std::map<unsigned, std::string> &Out,
                             const std::string &Steps) const;
  /// The typed views of those fields and buffers.
  void emitFusedViews(CodeWriter &W,
                      const std::map<unsigned, std::string> &Out) const;

  /// `tz - 1` style: a tile coordinate plus an offset.
  static std::string plusOffset(const std::string &Base, int64_t Offset);

  /// The work item's index within its group, x fastest.
  std::string localLinearId() const;

  /// Tree reduction of the work group's values in local memory; the first
  /// work item writes the group's result, which the host combines. `Lid`
  /// names the local linear index, declared here when empty.
  void emitGroupReduction(CodeWriter &W, const ir::Reduction &Red,
                          std::string Lid = "");

private:
  void collectUserNames();
};

/// The calc kernel of a blocked region whose tiles are staged in local
/// memory (BlockedKernel.cpp).
void emitBlockedCalc(const ir::StencilRegion &Region,
                     const KernelDialect &Dialect, CodeWriter &W);

/// The one kernel of a multi-stage region whose stages are fused
/// (FusedKernel.cpp).
void emitFusedCalc(const ir::StencilRegion &Region,
                   const KernelDialect &Dialect, CodeWriter &W);

/// The one kernel of a multi-stage region whose fused stages stream along
/// the outermost axis (FusedStreamKernel.cpp).
void emitFusedStreamCalc(const ir::StencilRegion &Region,
                         const KernelDialect &Dialect, CodeWriter &W);

/// The calc kernel of a region that streams along its outermost axis
/// (StreamedKernel.cpp).
void emitStreamedCalc(const ir::StencilRegion &Region,
                      const KernelDialect &Dialect, CodeWriter &W);

} // namespace tilec

#endif
