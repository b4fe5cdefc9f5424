//===- TimeLoopBuilder.cpp - The time loop
//---------------------------------===//
//
// Binds the time loop: its form (for, while, do), its counter and, where it
// counts as a for loop does, its bound (TimeLoop::Canonical).
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

bool RegionBuilder::buildTimeLoop() {
  const TimeLoopStmt &Loop = B.TimeLoop;
  R.Time.Variable = B.Step->D.TimeVariable.Name;
  R.Time.StepCount = B.Step->D.StepCount;
  R.Time.StepCountText = B.Step->D.StepCountText;
  if (!R.Time.StepCountText.empty())
    R.Time.StepCount =
        Sizes.steps(R.Time.StepCountText, &R.Time.StepCountGiven);
  switch (Loop.LoopForm) {
  case TimeLoopStmt::For:
    R.Time.LoopForm = TimeLoop::For;
    break;
  case TimeLoopStmt::While:
    R.Time.LoopForm = TimeLoop::While;
    break;
  case TimeLoopStmt::DoWhile:
    R.Time.LoopForm = TimeLoop::DoWhile;
    break;
  }
  const clang::ForStmt *For = Loop.asFor();
  if (Loop.LoopForm == TimeLoopStmt::DoWhile) {
    R.Time.ConditionText = sourceText(Loop.condition()->getSourceRange());
    R.Time.HeaderText = "do ... while (" + R.Time.ConditionText + ")";
  } else {
    R.Time.HeaderText = sourceText({Loop.keywordLoc(), Loop.bodyStartsAfter()});
  }
  // A `for` loop that sets its variable counts with it; any other loop
  // with the counter `step(t:N)` names, or with none.
  const clang::VarDecl *V = For ? loopVariable(For) : nullptr;
  if (!V)
    return findTimeCounter();
  if (R.Time.Variable.empty())
    R.Time.Variable = V->getName().str();
  if (V->getName() != R.Time.Variable) {
    Diags.report(Loop.keywordLoc(), Diag::TimeVariableMismatch)
        << V->getName() << R.Time.Variable;
    return false;
  }
  TimeVariable = V;
  if (auto Counting = matchCountingLoop(For, Context)) {
    R.Time.Canonical = true;
    R.Time.InitText = sourceText(Counting->Init->getSourceRange());
    if (!R.Time.InitText.empty() && R.Time.InitText.back() == ';')
      R.Time.InitText.pop_back(); // A declaration's range ends at its ';'.
    R.Time.UpperText = sourceText(Counting->Upper->getSourceRange());
    R.Time.Inclusive = Counting->Inclusive;
    // The directive's count drives tuning; say so when the loop disagrees.
    const clang::Expr *Init = V->getInit();
    if (const auto *Assign = dyn_cast<clang::BinaryOperator>(Counting->Init))
      Init = Assign->getRHS();
    auto Lower = Init ? constant(Init) : std::nullopt;
    auto Upper = constant(Counting->Upper);
    if (Lower && Upper && R.Time.StepCountText.empty()) {
      int64_t Trips =
          std::max<int64_t>(*Upper + (R.Time.Inclusive ? 1 : 0) - *Lower, 0);
      if (Trips != R.Time.StepCount)
        Diags.report(Loop.keywordLoc(), Diag::StepCountMismatch)
            << R.Time.Variable << std::to_string(R.Time.StepCount)
            << std::to_string(Trips);
    }
  }
  return true;
}

namespace {
/// The first variable named `Name` that `S` refers to.
class NamedReferenceFinder
    : public clang::RecursiveASTVisitor<NamedReferenceFinder> {
public:
  explicit NamedReferenceFinder(llvm::StringRef Name) : Name(Name) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    const auto *V = dyn_cast<clang::VarDecl>(E->getDecl());
    if (V && V->getName() == Name && !Found)
      Found = V;
    return !Found;
  }
  llvm::StringRef Name;
  const clang::VarDecl *Found = nullptr;
};
} // namespace

bool RegionBuilder::findTimeCounter() {
  if (R.Time.Variable.empty())
    return true;
  NamedReferenceFinder Finder(R.Time.Variable);
  Finder.TraverseStmt(const_cast<clang::Stmt *>(B.TimeLoop.Loop));
  if (!Finder.Found) {
    Diags.report(B.TimeLoop.keywordLoc(), Diag::TimeCounterNotUsed)
        << R.Time.Variable;
    return false;
  }
  TimeVariable = Finder.Found;
  // `while (t < hi) { ...; t++; }` counts as a `for` loop does.
  if (B.TimeLoop.LoopForm == TimeLoopStmt::For)
    return true;
  if (auto Counting =
          matchCounterLoop(B.TimeLoop.Loop, B.TimeLoop.condition(),
                           B.TimeLoop.body(), TimeVariable, Context)) {
    R.Time.Canonical = true;
    R.Time.UpperText = sourceText(Counting->Upper->getSourceRange());
    R.Time.Inclusive = Counting->Inclusive;
    CounterStep = Counting->Step;
  }
  return true;
}

} // namespace tilec
