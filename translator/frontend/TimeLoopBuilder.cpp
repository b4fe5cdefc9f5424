//===- TimeLoopBuilder.cpp - The time loop and its body -------------------===//
//
// Binds the time loop (its variable, header and bounds), lists the body in
// order (calc, copy, host statements), and records what the loop variables
// and private temporaries hold after the region.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "clang/Lex/Lexer.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

bool RegionBuilder::buildTimeLoop() {
  const clang::ForStmt *Loop = B.TimeLoop;
  R.Time.Variable = B.Step->D.TimeVariable.Name;
  R.Time.StepCount = B.Step->D.StepCount;
  const clang::VarDecl *V = loopVariable(Loop);
  if (!V) {
    Diags.report(Loop->getForLoc(), Diag::TimeLoopNoVariable)
        << R.Time.Variable;
    return false;
  }
  if (V->getName() != R.Time.Variable) {
    Diags.report(Loop->getForLoc(), Diag::TimeVariableMismatch)
        << V->getName() << R.Time.Variable;
    return false;
  }
  R.Time.HeaderText = sourceText({Loop->getForLoc(), Loop->getRParenLoc()});
  if (auto Counting = matchCountingLoop(Loop, Context)) {
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
    if (Lower && Upper) {
      int64_t Trips =
          std::max<int64_t>(*Upper + (R.Time.Inclusive ? 1 : 0) - *Lower, 0);
      if (Trips != R.Time.StepCount)
        Diags.report(Loop->getForLoc(), Diag::StepCountMismatch)
            << R.Time.Variable << std::to_string(R.Time.StepCount)
            << std::to_string(Trips);
    }
  }
  return true;
}

bool RegionBuilder::buildBody() {
  // A body that is not a compound is the calc nest itself.
  std::vector<const clang::Stmt *> Statements =
      bodyStatements(B.TimeLoop->getBody());
  std::set<const clang::VarDecl *> FieldVars;
  for (const auto &[Name, Decl] : FieldDecls)
    FieldVars.insert(Decl);
  for (const clang::Stmt *S : Statements) {
    unsigned Nest = 0;
    while (Nest < B.Nests.size() && B.Nests[Nest].Loop != S)
      ++Nest;
    if (Nest < B.Nests.size()) {
      // Nests are stages in source order; the paper's form has no stages.
      TimeLoopItem::Kind Kind =
          B.Nests[Nest].IsCopy ? TimeLoopItem::Copy : TimeLoopItem::Calc;
      R.Body.push_back({Kind, "", MultiStage ? Nest : 0});
    } else if (!llvm::isa<clang::NullStmt>(S)) {
      ReferenceCollector Refs;
      Refs.Filter = FieldVars;
      Refs.TraverseStmt(const_cast<clang::Stmt *>(S));
      if (Refs.FirstRef) {
        Diags.report(Refs.FirstRef->getLocation(), Diag::HostStatementUsesArray)
            << Refs.FirstRef->getDecl()->getName();
        return false;
      }
      R.Body.push_back({TimeLoopItem::HostStatement, statementText(S)});
    }
  }
  recordLoopVariablesAfter();
  return checkPrivatesUnusedAfter();
}

std::string RegionBuilder::statementText(const clang::Stmt *S) {
  clang::SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
  std::optional<clang::Token> Next =
      clang::Lexer::findNextToken(End, SM, Context.getLangOpts());
  if (Next && Next->is(clang::tok::semi))
    End = Next->getLocation();
  return sourceText({S->getBeginLoc(), End});
}

OutsideUses RegionBuilder::usesOutside(const clang::VarDecl *V) const {
  return usesOutsideRegion(V, B.Function, B.Begin->HashLoc, B.End->HashLoc, SM);
}

bool RegionBuilder::checkPrivatesUnusedAfter() {
  for (const auto &[V, FirstWrite] : PrivateFirstWrite)
    if (V->hasGlobalStorage() || usesOutside(V).After) {
      Diags.report(FirstWrite, Diag::PrivateReadAfterRegion) << V->getName();
      return false;
    }
  return true;
}

void RegionBuilder::recordLoopVariablesAfter() {
  // Loop variables declared outside their loops keep a value after them.
  std::map<const clang::VarDecl *, std::optional<int64_t>> Exits;
  for (const auto &[Outer, Loops] : NestLoops)
    for (const CanonicalLoop &L : Loops)
      if (!llvm::isa<clang::DeclStmt>(L.Loop->getInit()))
        Exits[L.Variable] = std::nullopt;
  // Each nest of a step leaves its variables at their upper bounds,
  // provided every loop of the nest ran; a later nest overrides.
  for (const BoundNest &Nest : B.Nests) {
    const std::vector<CanonicalLoop> &Loops = NestLoops[Nest.Loop];
    bool AllRan = true;
    for (const CanonicalLoop &L : Loops)
      AllRan &= L.Upper > L.Lower;
    for (const CanonicalLoop &L : Loops)
      if (Exits.count(L.Variable))
        Exits[L.Variable] =
            AllRan ? std::optional<int64_t>(L.Upper) : std::nullopt;
  }

  for (const auto &[V, Value] : Exits) {
    OutsideUses Uses = usesOutside(V);
    R.Time.LoopVariables.push_back({V->getName().str(),
                                    Uses.After ? Value : std::nullopt,
                                    !Uses.Anywhere});
  }
}

} // namespace tilec
