//===- TimeLoopBody.cpp - What one step of the time loop does
//--------------===//
//
// Lists the time loop's body in order (calc, copy, pointer rotations, host
// statements and the arrays they use), and records what the loop variables
// and private temporaries hold after the region.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "frontend/ParallelConstructs.h"
#include "frontend/PointerRotation.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

bool RegionBuilder::buildBody() {
  // A body that is not a compound is the calc nest itself.
  std::vector<const clang::Stmt *> Statements =
      bodyStatements(B.TimeLoop.body());
  std::set<const clang::VarDecl *> FieldVars;
  for (const auto &[Name, Decl] : FieldDecls)
    FieldVars.insert(Decl);
  for (size_t I = 0; I < Statements.size(); ++I) {
    const clang::Stmt *S = Statements[I];
    if (auto Rotation = matchPointerRotation(Statements, I)) {
      std::optional<unsigned> To = fieldOf(Rotation->A);
      std::optional<unsigned> From = fieldOf(Rotation->B);
      if (To && From) {
        TimeLoopItem Item;
        Item.ItemKind = TimeLoopItem::PointerRotation;
        // One line: `t = a; a = b; b = t;`.
        Item.HostText = statementText(Statements[I]) + " " +
                        statementText(Statements[I + 1]) + " " +
                        statementText(Statements[I + 2]);
        Item.RotatedTo = *To;
        Item.RotatedFrom = *From;
        clang::SourceLocation Start = SM.getExpansionLoc(S->getBeginLoc());
        Item.Line = SM.getSpellingLineNumber(Start);
        Item.Column = SM.getSpellingColumnNumber(Start);
        R.Body.push_back(Item);
        RotationStart = S;
        I += 2;
        continue;
      }
    }
    unsigned Nest = 0;
    const clang::Stmt *Loop = throughParallelConstructs(S);
    while (Nest < B.Nests.size() && B.Nests[Nest].Loop != Loop)
      ++Nest;
    if (Nest < B.Nests.size()) {
      // Nests are stages in source order; the paper's form has no stages.
      TimeLoopItem::Kind Kind =
          B.Nests[Nest].IsCopy ? TimeLoopItem::Copy : TimeLoopItem::Calc;
      R.Body.push_back({Kind, "", MultiStage ? Nest : 0});
    } else if (!llvm::isa<clang::NullStmt>(S)) {
      clang::SourceLocation Start = SM.getExpansionLoc(S->getBeginLoc());
      TimeLoopItem Item{TimeLoopItem::HostStatement,
                        statementText(S),
                        0,
                        SM.getSpellingLineNumber(Start),
                        SM.getSpellingColumnNumber(Start),
                        S == CounterStep};
      hostStatementFields(S, FieldVars, Item);
      R.Body.push_back(Item);
    }
  }
  recordLoopVariablesAfter();
  markReductionCombinedAtLeave(Statements);
  // A host statement's leave() would combine the partial results early.
  for (const TimeLoopItem &Item : R.Body)
    if (!Item.HostFields.empty() && R.Reduce)
      R.Reduce->CombinedAtLeave = false;
  return checkPointerRotation() && checkPrivatesUnusedAfter();
}

bool RegionBuilder::checkPointerRotation() {
  auto Rotation = std::find_if(R.Body.begin(), R.Body.end(), [](auto &Item) {
    return Item.ItemKind == TimeLoopItem::PointerRotation;
  });
  if (Rotation == R.Body.end())
    return true;
  clang::SourceLocation Where = RotationStart->getBeginLoc();
  // The ping-pong pass runs the step as one sweep between two buffers: the
  // calc nest alone writes the array the rotation moves, from the other.
  std::string Why;
  unsigned Calcs = 0;
  for (const TimeLoopItem &Item : R.Body)
    if (Item.ItemKind == TimeLoopItem::Calc)
      ++Calcs;
    else if (Item.ItemKind == TimeLoopItem::Copy)
      Why = "a copy nest";
    else if (Item.hostWork())
      Why = "host statements";
    else if (Item.ItemKind == TimeLoopItem::PointerRotation &&
             &Item != &*Rotation)
      Why = "a second rotation";
  if (MultiStage || Calcs != 1)
    Why = "more than one calc nest";
  if (R.Body.front().ItemKind != TimeLoopItem::Calc)
    Why = Why.empty() ? "the rotation before the calc nest" : Why;
  const Field &To = R.Fields[Rotation->RotatedTo];
  const Field &From = R.Fields[Rotation->RotatedFrom];
  // Each of these says what the calc nest does that a sweep from To into
  // From does not.
  if (Why.empty() && !From.WrittenInCalc)
    Why = "a calc nest that does not write '" + From.Name + "'";
  if (Why.empty() && To.WrittenInCalc)
    Why = "a calc nest that writes '" + To.Name + "'";
  if (Why.empty() && !To.ReadInCalc)
    Why = "a calc nest that does not read '" + To.Name + "'";
  if (Why.empty() && From.ReadInCalc)
    Why = "a calc nest that reads '" + From.Name + "', which it writes";
  if (Why.empty() && R.Reduce)
    Why = "a reduction";
  if (Why.empty())
    for (const CapturedScalar &S : R.Scalars)
      if (!S.PerStepExpression.empty())
        Why = "a per-step table ('" + S.PerStepExpression + "')";
  if (Why.empty())
    return true;
  Diags.report(Where, Diag::PointerRotationStep) << To.Name << From.Name << Why;
  return false;
}

namespace {
/// The functions a statement calls, and those they call in turn.
class CalleeCollector : public clang::RecursiveASTVisitor<CalleeCollector> {
public:
  bool VisitCallExpr(clang::CallExpr *Call) {
    if (const clang::FunctionDecl *F = Call->getDirectCallee())
      Found.push_back(F);
    return true;
  }
  std::vector<const clang::FunctionDecl *> Found;
};
} // namespace

void RegionBuilder::hostStatementFields(
    const clang::Stmt *S, const std::set<const clang::VarDecl *> &FieldVars,
    TimeLoopItem &Item) {
  std::set<unsigned> Used;
  auto Collect = [&](const clang::Stmt *Code) {
    ReferenceCollector Refs;
    Refs.Filter = FieldVars;
    Refs.CollectAll = true;
    Refs.TraverseStmt(const_cast<clang::Stmt *>(Code));
    for (const clang::DeclRefExpr *Ref : Refs.Matches)
      if (auto Field = fieldOf(dyn_cast<clang::VarDecl>(Ref->getDecl())))
        Used.insert(*Field);
  };
  Collect(S);
  // A function it calls may use a region array that has global storage
  // without the statement naming it (`checksum()` over a static grid);
  // one whose body tilec cannot see may use any with external linkage.
  std::vector<const clang::Stmt *> Work = {S};
  std::set<const clang::FunctionDecl *> Seen;
  while (!Work.empty()) {
    CalleeCollector Calls;
    Calls.TraverseStmt(const_cast<clang::Stmt *>(Work.back()));
    Work.pop_back();
    for (const clang::FunctionDecl *F : Calls.Found) {
      if (!Seen.insert(F->getCanonicalDecl()).second)
        continue;
      const clang::FunctionDecl *Definition = nullptr;
      if (F->hasBody(Definition)) {
        Collect(Definition->getBody());
        Work.push_back(Definition->getBody());
      } else if (!F->getBuiltinID() &&
                 !SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()))) {
        for (const clang::VarDecl *V : FieldVars)
          if (V->hasGlobalStorage() && V->hasExternalFormalLinkage())
            if (auto Field = fieldOf(V))
              Used.insert(*Field);
      }
    }
  }
  Item.HostFields.assign(Used.begin(), Used.end());
  if (Used.empty())
    return;
  // `if (t % 100 == 0) print(A);`: the arrays move only when it runs.
  const auto *If = dyn_cast<clang::IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return;
  ReferenceCollector InCondition;
  InCondition.Filter = FieldVars;
  InCondition.TraverseStmt(const_cast<clang::Expr *>(If->getCond()));
  if (InCondition.FirstRef)
    return;
  Item.GuardText = sourceText(If->getCond()->getSourceRange());
  Item.HostText = statementText(If->getThen());
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
  std::map<const clang::VarDecl *, LoopVariableExit> Exits;
  for (const auto &[Outer, Loops] : NestLoops)
    for (const CanonicalLoop &L : Loops)
      if (!llvm::isa<clang::DeclStmt>(L.Loop->getInit()))
        Exits[L.Variable].Name = L.Variable->getName().str();
  // Each nest of a step leaves its variables at their upper bounds,
  // provided every loop of the nest ran (with run-time bounds, a condition
  // the call site tests); a later nest overrides.
  for (const BoundNest &Nest : B.Nests) {
    const std::vector<CanonicalLoop> &Loops = NestLoops[Nest.Loop];
    bool AllRan = true, RunTime = false;
    std::string Ran;
    for (const CanonicalLoop &L : Loops) {
      RunTime |= L.runTime();
      AllRan &= L.runTime() || L.Upper > L.Lower;
      std::string Lo =
          L.LowerExpr ? "(" + L.LowerText + ")" : std::to_string(L.Lower);
      std::string Hi =
          L.UpperExpr ? "(" + L.UpperText + ")" : std::to_string(L.Upper);
      Ran += (Ran.empty() ? "" : " && ") + Lo + " < " + Hi;
    }
    for (const CanonicalLoop &L : Loops) {
      auto Exit = Exits.find(L.Variable);
      if (Exit == Exits.end())
        continue;
      LoopVariableExit &E = Exit->second;
      E.ValueAfter.reset();
      E.ValueAfterText.clear();
      E.RanCondition.clear();
      if (!AllRan)
        continue;
      if (!RunTime) {
        E.ValueAfter = L.Upper;
        continue;
      }
      E.ValueAfterText = L.UpperExpr ? L.UpperText : std::to_string(L.Upper);
      E.RanCondition = Ran;
    }
  }

  for (auto &[V, Exit] : Exits) {
    OutsideUses Uses = usesOutside(V);
    if (!Uses.After) {
      Exit.ValueAfter.reset();
      Exit.ValueAfterText.clear();
    }
    Exit.UnusedOutside = !Uses.Anywhere;
    R.Time.LoopVariables.push_back(Exit);
  }
}

} // namespace tilec
