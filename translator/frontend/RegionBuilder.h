//===- RegionBuilder.h - The steps that build a region's IR --*- C++ -*-===//
//
// One class, one file per concern: each private section below names the
// file that defines it. The steps run in the order of run() (IRBuilder.cpp)
// and share the region being built and the maps below. Private to the front
// end: the public entry point is buildStencilIR (IRBuilder.h).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_REGIONBUILDER_H
#define TILEC_FRONTEND_REGIONBUILDER_H

#include "frontend/ASTHelpers.h"
#include "frontend/IRBuilder.h"
#include "frontend/LoopNest.h"

#include "clang/Basic/SourceManager.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilec {

using ir::StencilRegion;

class RegionBuilder {
public:
  RegionBuilder(const BoundRegion &Bound, clang::ASTContext &Context,
                DiagnosticReporter &Diags, const ir::SizeAssumptions &Sizes)
      : B(Bound), Context(Context), SM(Context.getSourceManager()),
        Diags(Diags), Sizes(Sizes) {}

  std::optional<StencilRegion> run(const std::string &Name);

private:
  /// An array access split up: the field, its constant components and the
  /// constant offset along each axis.
  struct Access {
    unsigned Field = 0;
    std::vector<int64_t> Components;
    std::array<int64_t, ir::MaxAxes> Offsets{};
  };

  // IRBuilder.cpp: what every step uses
  /// The source text of a range, macros expanded to where they are used.
  std::string sourceText(clang::SourceRange Range);
  /// The value of an integer constant expression.
  std::optional<int64_t> constant(const clang::Expr *E);

  /// Several nests per step, or one that fixes an axis (IRBuilder.cpp).
  bool isMultiStage() const;

  // StageSequenceBuilder.cpp: regions with several nests per step
  /// Builds every nest of a multi-stage region into R.Stages, in order.
  bool buildStages();
  bool buildCalcStage(const BoundNest &Nest, ir::Stage &Out);
  bool buildCopyStage(const BoundNest &Nest, ir::Stage &Out);
  /// Forgets what the previous calc nest converted (its loops, locals,
  /// reduction and what it read and wrote).
  void resetStageState();
  /// The nest's loops do not cover axis `A`: the constant subscript its
  /// first array write has there, the plane a boundary stage writes.
  /// `Where` receives the place to report a failure.
  std::optional<int64_t> fixedCoordinate(unsigned A,
                                         clang::SourceLocation &Where);
  /// Field flags, roles and the region's range from the stages.
  void summariseStages();

  // TimeLoopBuilder.cpp and TimeLoopBody.cpp: the time loop and its body
  bool buildTimeLoop();
  /// Finds the counter `step(t:N)` names in a loop that does not declare
  /// it in a `for` init: a variable the condition or the body refers to.
  bool findTimeCounter();
  bool buildBody();
  /// A step that rotates two region arrays' pointers runs as sweeps that
  /// alternate between two buffers: one calc nest that writes the array
  /// the rotation moves away (b) from the other (a), nothing else.
  bool checkPointerRotation();
  /// The region arrays host statement `S` uses, and the guard of one
  /// written `if (cond) body` (TimeLoopItem::HostFields, GuardText).
  void hostStatementFields(const clang::Stmt *S,
                           const std::set<const clang::VarDecl *> &FieldVars,
                           ir::TimeLoopItem &Item);
  /// Source text of a host statement, with its semicolon.
  std::string statementText(const clang::Stmt *S);
  /// Whether code after the region, and code anywhere outside it, refers to
  /// `V` (globals count as used outside).
  OutsideUses usesOutside(const clang::VarDecl *V) const;
  /// A private temporary declared outside calc holds the last point's value
  /// after the serial loops; no parallel order can give that back.
  bool checkPrivatesUnusedAfter();
  /// After a step, the loop variables of the last nest hold their upper
  /// bounds, provided every loop of that nest ran.
  void recordLoopVariablesAfter();

  // ReductionLifetime.cpp: when the host needs a reduction's result
  /// Sets CombinedAtLeave where each step of `Statements` (the time loop's
  /// body) assigns the reduction variable before calc and nothing else in
  /// the step or the loop's header refers to it.
  void markReductionCombinedAtLeave(
      const std::vector<const clang::Stmt *> &Statements);

  // RunTimeBounds.cpp: loop bounds known only at run time
  /// Checks a nest's run-time bounds (the region must not write what they
  /// read) and records them on axis `A` (or the copy nest's) with the
  /// scalars that carry them to kernels.
  bool recordRunTimeBounds(const CanonicalLoop &L, const char *NestName,
                           unsigned A, bool Copy);
  /// The int scalar a run-time bound's text travels in, shared by equal
  /// texts: a lower bound passed at most `Ceiling`, an upper bound at least
  /// `Floor` (either may be "").
  std::string boundScalar(const std::string &Text, const std::string &Ceiling,
                          const std::string &Floor, const std::string &Name);
  /// Sets the static range of every run-time side to the widest the reads
  /// allow inside the extents (what launches cover).
  bool settleRunTimeBounds();
  /// A copy nest's run-time sides get the widest range, the extent.
  void settleCopyBounds();
  /// The same for one calc stage of a multi-stage region: moves the axes'
  /// run-time bounds into the stage, with its widest range.
  void settleStageBounds(ir::Stage &Out);

  // StageConverter.cpp: a calc nest: axes and update statements
  bool buildAxes();
  bool buildUpdate();
  bool convertDeclaration(const clang::DeclStmt *DS);
  bool convertAssignment(const clang::BinaryOperator *Assign);
  /// `v += e`, or `v = fmin(v, e)` / `v = fmax(v, e)` for min and max.
  bool convertReductionUpdate(const clang::BinaryOperator *Assign);
  std::string reductionForm();
  bool refersTo(const clang::Stmt *S, const clang::VarDecl *V);

  // DataClauseMatcher.cpp: the data clause against the declarations
  bool buildFields();
  /// The calc nest's range lies inside the extents (those known so far).
  bool checkCalcRangeInsideExtents();
  /// A data-clause type written as a typedef name: the declaration's
  /// element type must be spelled with it and be float, double or int.
  bool resolveTypeName(ArraySpec &Spec, const clang::VarDecl *V);
  /// Checks a data-clause array against its C declaration.
  bool matchesDeclaration(const ArraySpec &Spec, const clang::VarDecl *V);
  /// A flat declaration of a shaped data-clause array: `T *V`, or `T
  /// V[N]` with N the product of the extents.
  bool isFlatDeclaration(const ArraySpec &Spec, const clang::VarDecl *V);
  std::string specTypeText(const ArraySpec &Spec);

  // RunTimeExtents.cpp: data-clause extents known only at run time
  /// Component extents are constants; every name a run-time extent reads
  /// is visible at the region and not written in it.
  bool checkRunTimeExtents(const ArraySpec &Spec, size_t Components);

  // AccessAnalysis.cpp: array accesses
  /// The field a DeclRefExpr names, if it is an array of the data clause.
  std::optional<unsigned> fieldOf(const clang::VarDecl *V);
  /// The axis a nest's loop variable stands for where its name is not one
  /// `dimension(...)` gives: the subscript position it indexes in the
  /// first multi-dimensional access of a region array in `Body` that uses
  /// it (`A[j] = B[j]` in a copy nest of a region over `i`).
  std::optional<unsigned> axisBySubscript(const clang::VarDecl *Variable,
                                          const clang::Stmt *Body);
  /// Offset of a spatial subscript `v`, `v + c`, `v - c` or `c + v`.
  std::optional<int64_t> axisOffset(const clang::Expr *E, unsigned A);
  /// Delinearize.cpp: the per-axis offsets of a flat array's one
  /// subscript, any expression equal to sum((v_A + c_A) * stride_A); a
  /// diagnostic showing that form otherwise.
  std::optional<std::array<int64_t, ir::MaxAxes>>
  delinearize(const clang::Expr *Subscript, const ir::Field &F);
  std::optional<Access> convertAccess(const clang::ArraySubscriptExpr *E,
                                      const char *Where);
  /// Checks that an access stays inside the extents over the given range.
  bool checkInside(const Access &Acc,
                   const std::array<int64_t, ir::MaxAxes> &Lower,
                   const std::array<int64_t, ir::MaxAxes> &Upper,
                   clang::SourceLocation Loc);

  // ExprConverter.cpp: expressions of the update
  ir::ExprPtr convert(const clang::Expr *E);
  ir::ExprPtr convertRead(const clang::ArraySubscriptExpr *E);
  /// A read of a per-step table (`fict[t]`, `c[t + 1][2]`): an array outside
  /// the data clause whose subscripts are the time variable plus a constant
  /// or constants. Becomes a scalar the call site evaluates every step;
  /// null when `E` is not such a read.
  ir::ExprPtr convertPerStepRead(const clang::ArraySubscriptExpr *E);
  ir::ExprPtr convertVariable(const clang::DeclRefExpr *Ref);
  ir::ExprPtr convertCall(const clang::CallExpr *Call);
  ir::ExprPtr fail(const clang::Expr *E, Diag D);
  void countOperator() { ++R.OperatorCount; }

  // CopyNestBuilder.cpp: the copy nest
  bool buildCopy();
  bool copyError(const clang::Stmt *At, const std::string &Why);

  // FieldRoles.cpp: what each array is to the region
  /// Whether an assignment in the calc nest writes an element of `Array`
  /// (how `data(...)` tells destinations from sources).
  bool writtenInCalc(const std::string &Array);
  /// Sources that no copy nest writes become read-only.
  void assignRoles();

  // The region being built and what the steps share.
  const BoundRegion &B;
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  const ir::SizeAssumptions &Sizes;
  StencilRegion R;
  /// The calc and copy nest being converted: the region's only ones in the
  /// paper's form, each in turn in a multi-stage region.
  const RecordedDirective *CalcDirective = nullptr;
  const clang::ForStmt *CalcLoop = nullptr;
  const clang::ForStmt *CopyLoop = nullptr;
  /// The time loop's counter: a `for` loop's variable, or the variable
  /// `step(t:N)` names; null where `step(N)` names none.
  const clang::VarDecl *TimeVariable = nullptr;
  /// A `while` or `do` loop's `t++;` that counts its steps (CounterLoop).
  const clang::Stmt *CounterStep = nullptr;
  /// The first statement of the step's pointer rotation, if any.
  const clang::Stmt *RotationStart = nullptr;
  bool MultiStage = false;
  /// Multi-stage: each nest's loops, by the nest's outer loop.
  std::map<const clang::ForStmt *, std::vector<CanonicalLoop>> NestLoops;
  /// Boundary stages: the constant coordinate of each axis the nest does
  /// not loop over.
  std::array<std::optional<int64_t>, ir::MaxAxes> FixedAt;
  /// Where each fixed coordinate is written (the first write's subscript).
  std::array<clang::SourceLocation, ir::MaxAxes> FixedWhere;
  const clang::Stmt *CalcBody = nullptr; ///< The innermost calc loop's body.
  std::vector<CanonicalLoop> CalcLoops, CopyLoops;
  /// Loop variables of the calc and copy nests -> axis.
  std::map<const clang::VarDecl *, unsigned> AxisOfVariable;
  /// Data-clause arrays by name -> field index, and their declarations.
  std::map<std::string, unsigned> FieldByName;
  std::map<std::string, const clang::VarDecl *> FieldDecls;
  /// Variables private to each point, and host scalars calc reads.
  std::set<const clang::VarDecl *> Locals;
  std::set<const clang::VarDecl *> CapturedDecls;
  const clang::VarDecl *ReductionDecl = nullptr;
  bool ReductionUpdated = false;
  /// Host variables used as private temporaries, and where calc first
  /// assigns them.
  std::map<const clang::VarDecl *, clang::SourceLocation> PrivateFirstWrite;
  /// Per-step table reads by their text, and the kernel names they got.
  std::map<std::string, std::string> PerStepNames;
  /// Run-time bounds by their text, and their scalars' names.
  std::map<std::string, std::string> BoundScalars;
  /// Set while converting `v = fmin(v, e)`, where `v` may appear.
  bool ConvertingReductionUpdate = false;
};

} // namespace tilec

#endif
