//===- StencilIR.h - The stencil intermediate representation ---*- C++ -*-===//
//
// One StencilRegion per `#pragma stencil begin ... end`: the grid (axes, loop
// variables, calc range, time loop), the fields with their roles, the update
// function as a small expression tree whose array accesses are constant
// offsets per axis, the reduction, the copy nest and the host statements of
// the time loop in order. The front end builds it from the Clang AST; passes
// fill in the mapping decisions; back ends print it. Nothing here refers to
// Clang, so passes and back ends can be tested on hand-made regions.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_IR_STENCILIR_H
#define TILEC_IR_STENCILIR_H

#include "ir/Mapping.h"
#include "tilec/directives/Directive.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilec::ir {

/// One spatial axis. Axes are in C subscript order: axis 0 is the slowest
/// (z in 3D), the last axis is the contiguous x axis.
struct Axis {
  std::string LoopVariable;
  std::string LoopVariableType; ///< As declared, e.g. "int".
  /// Array extent along this axis. With an extent known only at run time
  /// (ExtentText set), the value tuning assumes (SizeAssumptions.h).
  int64_t Extent = 0;
  /// An extent known only at run time: the data clause's expression
  /// (`nx`), evaluated at the call site. Kernels and host functions then
  /// take the extent as an argument and index fields through it; the
  /// envelope's upper bound of a run-time calc bound follows the extent
  /// (Extent - Upper points from its end).
  std::string ExtentText;
  /// The assumed Extent came from --assume (else it is the default).
  bool ExtentGiven = false;
  int64_t Lower = 0; ///< Calc range [Lower, Upper).
  int64_t Upper = 0;
  /// A calc bound known only at run time: its host expression as written
  /// and the int scalar (in StencilRegion::Scalars) that kernels compare
  /// with. Lower and Upper are then the widest range the stencil's reads
  /// allow inside the extents, which launches cover; points outside the
  /// run-time range are left as they are.
  std::string LowerText, UpperText;
  std::string LowerScalar, UpperScalar;

  bool runTimeExtent() const { return !ExtentText.empty(); }
};

enum class FieldRole {
  Source,      ///< Read by calc and copied into by the copy nest.
  Destination, ///< Written by calc.
  ReadOnly,    ///< A source that nothing writes (coefficients).
};

const char *fieldRoleName(FieldRole Role);

/// Bytes of one element of a field of this type.
inline int64_t elementBytes(ElementType Type) {
  return Type == ElementType::Double ? 8 : 4;
}

struct Halo {
  std::array<int64_t, MaxAxes> Minus{}; ///< Largest negative offset, as >= 0.
  std::array<int64_t, MaxAxes> Plus{};  ///< Largest positive offset.
};

struct Field {
  std::string Name;
  ElementType Type = ElementType::Float;
  /// Leading constant component extents, e.g. {4} for a[4][NZ][NY][NX].
  std::vector<int64_t> ComponentExtents;
  FieldRole Role = FieldRole::Source;
  bool ReadInCalc = false;
  bool WrittenInCalc = false;
  /// The host variable is an array (not a pointer parameter), so its size
  /// can be checked at compile time against the translated extents.
  bool HostIsArray = false;
  /// The host variable is flat, `float *in` or `float in[N*M]`, read
  /// through one linearized subscript (`in[(z*NY + y)*NX + x]`) that the
  /// data clause's shape splits into per-axis offsets. Host code indexes
  /// it the same way; kernels see the shape.
  bool Flat = false;
  Halo Reads; ///< Offsets of the calc's reads of this field.

  int64_t componentCount() const;
};

/// A C scalar type that kernels can take by value or declare.
enum class ScalarType { Int, UInt, Long, ULong, Float, Double };

const char *scalarTypeName(ScalarType Type);

struct CapturedScalar;
/// A per-step table read `Shift` steps after the one the time variable
/// names (`fict[t + 2]`); the read as written when Shift is "0".
std::string perStepExpressionAt(const CapturedScalar &Scalar,
                                const std::string &Shift);

/// A host variable read by the update function, captured at every launch.
struct CapturedScalar {
  std::string Name;
  ScalarType Type = ScalarType::Float;
  /// A per-step table read (`fict[t]`, an array subscripted only by the
  /// time variable plus a constant): the host expression as written, which
  /// the call site evaluates at every step; Name is then the kernel's name
  /// for its value. Empty for a plain scalar, passed by Name.
  std::string PerStepExpression;
  /// The same read at a later step of a launch: the table's name and its
  /// subscripts as written, those that use the time variable marked
  /// (perStepExpressionAt adds the step to them).
  std::string PerStepTable;
  std::vector<std::string> PerStepSubscripts;
  std::vector<bool> PerStepSubscriptUsesTime;
  /// A run-time loop bound (Axis::LowerScalar): the host expression as
  /// written, which the call site passes (as int) at every call. Kernels
  /// test `(unsigned)(v - lo) < hi - lo`, so an empty range must arrive
  /// with lo == hi: an upper bound is passed as at least `BoundFloor` (its
  /// loop's lower bound), a lower bound below a constant upper one as at
  /// most `BoundCeiling`.
  std::string BoundExpression;
  std::string BoundFloor, BoundCeiling;
};

/// A private temporary of the update function. Temporaries declared outside
/// the calc nest but always assigned before use (Himeno's `s0`, `ss`) are
/// private too; they are declared at the top of the kernel.
struct LocalVariable {
  std::string Name;
  ScalarType Type = ScalarType::Float;
  bool DeclaredInBody = true;
  /// Declared outside the region and used nowhere else: the call site
  /// marks it used, as it does the loop variables, to keep -Wall quiet.
  bool UnusedOutside = false;
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  enum Kind {
    IntLiteral,   ///< Text holds the C spelling, suffix included.
    FloatLiteral, ///< Text holds the shortest round-trip C spelling.
    ScalarRef,    ///< Text: captured scalar name.
    LocalRef,     ///< Text: local name.
    ReductionRef, ///< The reduction variable (only inside its update).
    FieldAccess,  ///< Field[Components...][axis + Offsets...]
    AxisIndex,    ///< The loop variable of axis `AxisNumber`.
    Unary,        ///< Text: operator, prefix.
    Binary,       ///< Text: operator.
    Conditional,  ///< Operands: condition, then, else.
    Call,         ///< Text: function name as written.
    Cast,         ///< Text: target type.
    Paren,        ///< Parentheses as written in the source.
  };
  Kind ExprKind = IntLiteral;
  std::string Text;
  unsigned FieldIndex = 0;
  std::vector<int64_t> Components;
  std::array<int64_t, MaxAxes> Offsets{};
  unsigned AxisNumber = 0;
  std::vector<ExprPtr> Operands;

  static ExprPtr make(Kind K, std::string Text = "") {
    auto E = std::make_unique<Expr>();
    E->ExprKind = K;
    E->Text = std::move(Text);
    return E;
  }
};

/// One statement of the update function: `[type] target op value;`.
/// A deep copy of an expression tree.
ExprPtr cloneExpr(const Expr &E);

struct Statement {
  ExprPtr Target;       ///< FieldAccess, LocalRef or ReductionRef.
  std::string Operator; ///< "=", "+=", "-=", "*=", "/=".
  ExprPtr Value;        ///< Null for a declaration without initialiser.
  std::optional<ScalarType> DeclaredType; ///< Set for `float s0 = ...;`.

  // Copies are deep, so that a whole StencilRegion can be copied (the back
  // ends rename identifiers in a copy).
  Statement() = default;
  Statement(const Statement &Other);
  Statement &operator=(const Statement &Other);
  Statement(Statement &&) = default;
  Statement &operator=(Statement &&) = default;
};

struct Reduction {
  ReductionOp Op = ReductionOp::Sum;
  std::string Variable;
  ScalarType Type = ScalarType::Float;
  /// Each step assigns the variable before calc and nothing else in the
  /// step or the loop's header reads or writes it (Himeno's `gosa = 0.0`),
  /// a local whose address is never taken: only the last step's
  /// result survives the loop, so the host reads the partial results once,
  /// when the region ends, instead of after every launch.
  bool CombinedAtLeave = false;
};

/// One assignment of the copy nest: Target[c...][p] = Value[c...][p].
struct CopyAssignment {
  unsigned TargetField = 0;
  std::vector<int64_t> TargetComponents;
  unsigned ValueField = 0;
  std::vector<int64_t> ValueComponents;
};

/// How the copy nest is carried out; decided by the CopyElimination pass.
enum class CopyStrategy {
  None,   ///< The region has no copy nest.
  Swap,   ///< Exchange device buffers after each step.
  Kernel, ///< Run the copy nest as a kernel after each calc.
};

const char *copyStrategyName(CopyStrategy Strategy);

struct CopyNest {
  bool Present = false;
  std::array<int64_t, MaxAxes> Lower{};
  std::array<int64_t, MaxAxes> Upper{};
  /// Run-time bounds, as for Axis.
  std::array<std::string, MaxAxes> LowerText, UpperText;
  std::array<std::string, MaxAxes> LowerScalar, UpperScalar;
  std::vector<CopyAssignment> Assignments;
  CopyStrategy Strategy = CopyStrategy::None;
  std::string StrategyReason; ///< Why Swap was or was not possible.
};

/// What one iteration of the time loop does, in source order.
struct TimeLoopItem {
  enum Kind { Calc, Copy, HostStatement, PointerRotation };
  Kind ItemKind = Calc;
  /// The statement's source text, for HostStatement; the three statements
  /// of a PointerRotation (`tmp = a; a = b; b = tmp;`).
  std::string HostText;
  /// Multi-stage regions: the index in StencilRegion::Stages of the nest
  /// this item runs.
  unsigned StageIndex = 0;
  /// Where a host statement starts in the region's file, for messages
  /// about what it costs.
  unsigned Line = 0, Column = 0;
  /// The host statement that advances a `while` or `do` loop's counter
  /// (`t++;` last in the body, TimeLoop::Canonical): a launch of several
  /// steps advances the counter by as many instead.
  bool CounterStep = false;
  /// Host work between the kernels: a host statement other than the
  /// counter's step.
  bool hostWork() const { return ItemKind == HostStatement && !CounterStep; }
  /// A PointerRotation's fields: after it, `RotatedTo` (a) points where
  /// `RotatedFrom` (b) did, so the next step reads what this one wrote.
  unsigned RotatedTo = 0, RotatedFrom = 0;
  /// The region arrays a host statement uses: the call site brings them to
  /// the host before it, as the serial program has them, and back after.
  std::vector<unsigned> HostFields;
  /// For such a statement written `if (cond) body` (no else, a condition
  /// that uses no region array): the condition; HostText is then the body,
  /// and the arrays move only when it runs.
  std::string GuardText;
};

/// A loop variable declared outside the region's loops.
struct LoopVariableExit {
  std::string Name;
  /// What the serial loops leave in it after a step, when code after the
  /// region reads it.
  std::optional<int64_t> ValueAfter;
  /// With run-time bounds: the value after a step (`n - 1`), set only
  /// when `RanCondition` holds (its nest's loops ran), instead.
  std::string ValueAfterText, RanCondition;
  /// Nothing outside the region refers to it, so the emitted code marks it
  /// used to keep -Wall quiet.
  bool UnusedOutside = false;
};

struct TimeLoop {
  /// How the user wrote the loop; the call site writes it the same way.
  enum Form { For, While, DoWhile };
  Form LoopForm = For;
  /// The counter (a `for` loop's variable, or the one `step(t:N)` names);
  /// empty where `step(N)` names none.
  std::string Variable;
  int64_t StepCount = 0; ///< From step(t:N); used for tuning.
  /// step(t:nn) with a count known only at run time: the count as written
  /// (StepCount is then the count tuning assumes, SizeAssumptions.h).
  std::string StepCountText;
  /// The assumed StepCount came from --assume (else it is the default).
  bool StepCountGiven = false;
  /// `for (t = 0; t < STEPS; t++)` or `while (err > tol)` as written;
  /// for a `do` loop, `do ... while (cond)`.
  std::string HeaderText;
  /// A `do` loop's condition as written, which the call site writes after
  /// the body.
  std::string ConditionText;
  /// Set when the loop is `for (t = lo; t < hi; t++)` or `t <= hi`, or a
  /// `while` or `do` loop that counts so (its last statement `t++;`),
  /// which temporal blocking can step by T: the init as written (`t = 0`,
  /// `int t = 1`; empty for `while` and `do`), the bound (`STEPS`) and
  /// whether the loop runs for t == hi.
  bool Canonical = false;
  std::string InitText;
  std::string UpperText;
  bool Inclusive = false;
  /// Loop variables of the calc and copy nests that are declared outside
  /// the region: the host code leaves them as the serial loops would.
  std::vector<LoopVariableExit> LoopVariables;
};

/// How a stage touches one field.
struct FieldUse {
  bool Read = false;
  bool Written = false;
  Halo Reads; ///< Offsets of the stage's reads of the field.
};

/// One nest of a multi-stage region (several calc nests per time step, or
/// copy nests among them), in time-loop order. Each runs after the ones
/// before it and sees what they wrote.
struct Stage {
  enum Kind { Calc, Copy };
  Kind StageKind = Calc;
  unsigned SourceLine = 0;
  /// The range per axis, [Lower, Upper). A boundary stage does not loop
  /// over a fixed axis: it writes one plane there, Upper == Lower + 1.
  std::array<int64_t, MaxAxes> Lower{}, Upper{};
  std::array<bool, MaxAxes> Fixed{};
  /// Bounds known only at run time, as on Axis (Lower and Upper are then
  /// the widest range the stage's reads allow; a copy stage's, the
  /// extent).
  std::array<std::string, MaxAxes> LowerText, UpperText;
  std::array<std::string, MaxAxes> LowerScalar, UpperScalar;
  /// Calc stages: the update and its private temporaries. Scalars lists the
  /// indices into StencilRegion::Scalars that the update reads.
  std::vector<Statement> Update;
  std::vector<LocalVariable> Locals;
  std::vector<unsigned> Scalars;
  unsigned OperatorCount = 0;
  /// Copy stages: the assignments (run as a kernel).
  std::vector<CopyAssignment> Copies;
  /// Per field, in field order.
  std::vector<FieldUse> Uses;
  /// The stage's own mapping (naive or spatial blocking, one step).
  Mapping Map;

  int64_t points(unsigned Dims) const;
  /// Some bound of the stage is known only at run time.
  bool runTimeRange() const;
  /// Sets axis A's calc range (and run-time bounds) to the stage's.
  void rangeInto(unsigned A, Axis &X) const;
};

struct StencilRegion {
  std::string Name;       ///< Prefix of kernel names, a C identifier.
  std::string SourceFile; ///< For comments and messages.
  unsigned SourceLine = 0;

  std::vector<Axis> Axes;
  TimeLoop Time;
  std::vector<Field> Fields;
  std::vector<CapturedScalar> Scalars;
  std::vector<LocalVariable> Locals;
  std::vector<Statement> Update;
  std::optional<Reduction> Reduce;
  CopyNest Copy;
  std::vector<TimeLoopItem> Body;

  unsigned OperatorCount = 0;
  bool UsesDouble = false;

  Mapping Map;

  /// Extents known only at run time: the mappings compiled in, one per
  /// class of grid sizes, in increasing size (VariantView.h). Each runs
  /// grids of fewer than UpToPoints points that the variants before it do
  /// not take; enter() picks one by the actual extents. Empty: Map only.
  struct Variant {
    Mapping Map;
    int64_t UpToPoints = 0; ///< The last variant's is INT64_MAX.
    std::string Chosen;     ///< Where the model chose it, for comments.
  };
  std::vector<Variant> Variants;
  /// Set on the view of one variant: appended to the names of its calc
  /// kernel and calc host function. (Also on a ping-pong pair's view for
  /// arrays that agree outside the calc range, sameBoundaryView.)
  std::string VariantSuffix;
  /// A ping-pong pair with several sweeps per launch and extents known only
  /// at run time: the mapping of its calc + copy form's kernel, which runs
  /// where the arrays agree outside the calc range (sameBoundaryView), when
  /// the search gives that kernel one of its own; unset otherwise (the
  /// pair's mapping).
  std::optional<Mapping> SameBoundaryMap;
  /// Set on the view of one slab (SlabView.h): its host functions are
  /// called by the region's own only.
  bool Slab = false;
  /// Set on a slab view whose calc launches in parts (SlabView.h,
  /// slabLaunchParts): the int scalars bounding the rows [First, End) along
  /// axis 0 that one launch of its calc kernel writes.
  struct RowWindow {
    std::string First, End;
  };
  std::optional<RowWindow> LaunchParts;

  /// Regions with more than one calc nest, or with a calc nest that fixes
  /// an axis: every nest, in time-loop order. The region-level Update and
  /// Copy are then empty and each Axis's range is the box around the
  /// stages' ranges. Empty for the paper's form (one calc, one copy).
  std::vector<Stage> Stages;
  /// Set on the single-stage view of one stage (see stageView): appended to
  /// the names of its kernels and its calc or copy host function.
  std::string StageSuffix;
  /// Set by the ping-pong pass (PingPong.h): the region was two stages,
  /// A into B and then the same sweep B into A. It now holds the first as
  /// its update and B -> A as its copy nest, and every step of the user's
  /// time loop is two of its steps (sweeps). Both arrays keep their own
  /// contents and are copied back.
  bool PingPong = false;
  /// Sweeps per step of the user's time loop for a ping-pong region: 2 for
  /// a pair; 1 where the step is one sweep followed by a pointer rotation
  /// (`tmp = a; a = b; b = tmp;`, RotationText), whose parity the call site
  /// gives the pointers back after the region.
  int SweepsPerStep = 2;
  std::string RotationText;
  /// Set on the back ends' copy of a region, whose accesses print as
  /// kernels index: with extents known only at run time, one linear
  /// subscript through the extent parameters (extentName).
  bool KernelAccess = false;

  /// A statement of the user's time loop that forces a slower mapping than
  /// the region would get without it (a host statement between steps
  /// forces one step per launch), with both predicted speeds; set by the
  /// parameter search, reported by the driver (-Wtilec-slow-mapping).
  struct SlowConstruct {
    std::string Reason; ///< What it forces, e.g. "one time step per launch".
    unsigned Line = 0, Column = 0;
    double GStencils = 0;        ///< Predicted with the construct.
    double GStencilsWithout = 0; ///< Predicted without it.
    int64_t TimeBlockWithout = 1;
    std::string VectorWithout; ///< The search's choice without it.
  };
  std::optional<SlowConstruct> SlowedBy;

  bool multiStage() const { return !Stages.empty(); }
  unsigned dims() const { return static_cast<unsigned>(Axes.size()); }
  int64_t calcPoints() const;
  /// The calc range per axis: [calcLower()[A], calcUpper()[A]).
  std::array<int64_t, MaxAxes> calcLower() const;
  std::array<int64_t, MaxAxes> calcUpper() const;
  /// Name of axis `A` for printing: z, y, x (3D), y, x (2D) or x (1D).
  const char *axisName(unsigned A) const;
  /// Some extent is known only at run time.
  bool runTimeExtents() const;
  /// Some field has leading component indices (`float w[2][nz][ny][nx]`).
  bool hasComponentFields() const;
  /// The largest element size of the region's fields, in bytes.
  int64_t widestElementBytes() const;
  /// A distance between neighbouring elements along some axis or field
  /// component is known only at run time (an extent other than the slowest
  /// axis's, or the slowest with a field of several components): fields
  /// are then indexed through one linear subscript, not a typed view.
  bool runTimeStrides() const;
  /// The farthest the calc nest reads on each side of a point, per axis,
  /// over the fields it reads.
  Halo calcReach() const;
  /// The extent of axis `A` as kernels and host functions name it when it
  /// is known only at run time (`tilec_nx`), else as a number.
  std::string extentName(unsigned A) const;
  /// The upper end of the range launches cover along `A` (calcUpper()[A]),
  /// as text: with a run-time extent and bound, `tilec_nx - 1`.
  std::string envelopeUpper(unsigned A) const;
  /// Whether that end follows the extent: a run-time calc bound, or in a
  /// multi-stage region a stage's.
  bool envelopeFollowsExtent(unsigned A) const;
  /// The same for a range that ends at `Upper`, whose end follows the
  /// extent when `FollowsExtent` (a run-time bound).
  std::string upperText(unsigned A, int64_t Upper, bool FollowsExtent) const;
};

/// A ping-pong pair whose launches run several sweeps: each array then has
/// a second buffer, for launches of an even number of sweeps, whose result
/// stays with the array it started from; the region struct tracks which
/// array holds the current sweep (transforms/PingPong.h).
inline bool pingPongBlocks(const StencilRegion &R) {
  return R.PingPong && R.Map.TimeBlock > 1;
}

/// The user's identifiers a region refers to: fields, captured scalars,
/// locals, loop variables and the reduction variable.
std::set<std::string> regionIdentifiers(const StencilRegion &Region);

} // namespace tilec::ir

#endif
