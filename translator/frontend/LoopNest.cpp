//===- LoopNest.cpp - Recognise canonical, perfectly nested loops --------===//
#include "frontend/LoopNest.h"

#include "frontend/ParallelConstructs.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace tilec {
namespace {

const clang::VarDecl *referencedVariable(const clang::Expr *E) {
  if (const auto *Ref =
          llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(Ref->getDecl());
  return nullptr;
}

std::optional<int64_t> constantValue(const clang::Expr *E,
                                     clang::ASTContext &Context) {
  clang::Expr::EvalResult Result;
  if (E->isValueDependent() || !E->EvaluateAsInt(Result, Context))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

/// True for `v++`, `++v`, `v += 1` and `v = v + 1`.
bool isUnitIncrement(const clang::Expr *Inc, const clang::VarDecl *V,
                     clang::ASTContext &Context) {
  if (!Inc)
    return false;
  Inc = Inc->IgnoreParens();
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(Inc))
    return U->isIncrementOp() && referencedVariable(U->getSubExpr()) == V;
  if (const auto *C = llvm::dyn_cast<clang::CompoundAssignOperator>(Inc))
    return C->getOpcode() == clang::BO_AddAssign &&
           referencedVariable(C->getLHS()) == V &&
           constantValue(C->getRHS(), Context) == 1;
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(Inc)) {
    if (B->getOpcode() != clang::BO_Assign ||
        referencedVariable(B->getLHS()) != V)
      return false;
    const auto *Add = llvm::dyn_cast<clang::BinaryOperator>(
        B->getRHS()->IgnoreParenImpCasts());
    return Add && Add->getOpcode() == clang::BO_Add &&
           referencedVariable(Add->getLHS()) == V &&
           constantValue(Add->getRHS(), Context) == 1;
  }
  return false;
}

const clang::Expr *loopInitValue(const clang::ForStmt *Loop) {
  const clang::Stmt *Init = Loop->getInit();
  if (!Init)
    return nullptr;
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(Init))
    return B->getOpcode() == clang::BO_Assign ? B->getRHS() : nullptr;
  if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(Init))
    if (DS->isSingleDecl())
      if (const auto *V = llvm::dyn_cast<clang::VarDecl>(DS->getSingleDecl()))
        return V->getInit();
  return nullptr;
}

} // namespace

const clang::VarDecl *loopVariable(const clang::ForStmt *Loop) {
  const clang::Stmt *Init = Loop->getInit();
  if (!Init)
    return nullptr;
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(Init))
    return B->getOpcode() == clang::BO_Assign ? referencedVariable(B->getLHS())
                                              : nullptr;
  if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(Init))
    if (DS->isSingleDecl())
      return llvm::dyn_cast<clang::VarDecl>(DS->getSingleDecl());
  return nullptr;
}

std::optional<CountingLoop> matchCountingLoop(const clang::ForStmt *Loop,
                                              clang::ASTContext &Context) {
  const clang::VarDecl *V = loopVariable(Loop);
  const auto *Cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
      Loop->getCond() ? Loop->getCond()->IgnoreParens() : nullptr);
  if (!V || !loopInitValue(Loop) || !Cond ||
      !isUnitIncrement(Loop->getInc(), V, Context))
    return std::nullopt;
  clang::BinaryOperatorKind Op = Cond->getOpcode();
  if ((Op == clang::BO_LT || Op == clang::BO_LE) &&
      referencedVariable(Cond->getLHS()) == V)
    return CountingLoop{Loop->getInit(), Cond->getRHS(), Op == clang::BO_LE};
  if ((Op == clang::BO_GT || Op == clang::BO_GE) &&
      referencedVariable(Cond->getRHS()) == V)
    return CountingLoop{Loop->getInit(), Cond->getLHS(), Op == clang::BO_GE};
  return std::nullopt;
}

std::optional<CounterLoop> matchCounterLoop(const clang::Stmt *Loop,
                                            const clang::Expr *Condition,
                                            const clang::Stmt *Body,
                                            const clang::VarDecl *V,
                                            clang::ASTContext &Context) {
  const auto *Cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
      Condition ? Condition->IgnoreParens() : nullptr);
  const auto *Block = llvm::dyn_cast_or_null<clang::CompoundStmt>(Body);
  if (!V || !V->getType()->isIntegerType() || !Cond || !Block ||
      Block->body_empty())
    return std::nullopt;
  const auto *Step = llvm::dyn_cast<clang::Expr>(Block->body_back());
  if (!Step || !isUnitIncrement(Step, V, Context))
    return std::nullopt;
  CounterLoop L;
  L.Step = Step;
  clang::BinaryOperatorKind Op = Cond->getOpcode();
  if ((Op == clang::BO_LT || Op == clang::BO_LE) &&
      referencedVariable(Cond->getLHS()) == V)
    L = {Cond->getRHS(), Op == clang::BO_LE, Step};
  else if ((Op == clang::BO_GT || Op == clang::BO_GE) &&
           referencedVariable(Cond->getRHS()) == V)
    L = {Cond->getLHS(), Op == clang::BO_GE, Step};
  else
    return std::nullopt;
  if (L.Upper->HasSideEffects(Context))
    return std::nullopt;
  // The step is the body's only write of the counter, and the loop writes
  // nothing the bound reads.
  if (firstWriteOf(V, Body) != Step)
    return std::nullopt;
  for (const clang::VarDecl *Read : variablesIn(L.Upper))
    if (Read == V || firstWriteOf(Read, Loop))
      return std::nullopt;
  return L;
}

namespace {

class VariableCollector : public clang::RecursiveASTVisitor<VariableCollector> {
public:
  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref) {
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()))
      if (std::find(Found.begin(), Found.end(), V) == Found.end())
        Found.push_back(V);
    return true;
  }
  std::vector<const clang::VarDecl *> Found;
};

class WriteFinder : public clang::RecursiveASTVisitor<WriteFinder> {
public:
  explicit WriteFinder(const clang::VarDecl *V) : V(V) {}
  bool VisitBinaryOperator(clang::BinaryOperator *B) {
    if (B->isAssignmentOp() && names(B->getLHS()))
      Found = Found ? Found : B;
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == clang::UO_AddrOf) &&
        names(U->getSubExpr()))
      Found = Found ? Found : U;
    return true;
  }
  const clang::VarDecl *V;
  const clang::Stmt *Found = nullptr;

private:
  bool names(const clang::Expr *E) const {
    const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParens());
    return Ref && Ref->getDecl() == V;
  }
};

/// A bound that can be evaluated once before the nest: an integer
/// expression without side effects that does not read `Loops`' variables.
bool isRunTimeBound(const clang::Expr *E,
                    const std::vector<CanonicalLoop> &Loops,
                    const clang::VarDecl *Own, clang::ASTContext &Context) {
  if (!E->getType()->isIntegerType() || E->HasSideEffects(Context))
    return false;
  for (const clang::VarDecl *V : variablesIn(E)) {
    if (V == Own)
      return false;
    for (const CanonicalLoop &L : Loops)
      if (L.Variable == V)
        return false;
  }
  return true;
}

std::string boundText(const clang::Expr *E, clang::ASTContext &Context) {
  const clang::SourceManager &SM = Context.getSourceManager();
  clang::CharSourceRange Range = clang::CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  return clang::Lexer::getSourceText(Range, SM, Context.getLangOpts()).str();
}

} // namespace

std::vector<const clang::VarDecl *> variablesIn(const clang::Expr *E) {
  VariableCollector C;
  C.TraverseStmt(const_cast<clang::Expr *>(E));
  return C.Found;
}

const clang::Stmt *firstWriteOf(const clang::VarDecl *V,
                                const clang::Stmt *Region) {
  WriteFinder F(V);
  F.TraverseStmt(const_cast<clang::Stmt *>(Region));
  return F.Found;
}

std::optional<std::vector<CanonicalLoop>>
parseLoopNest(const clang::ForStmt *Outer, unsigned Depth, const char *NestName,
              clang::ASTContext &Context, DiagnosticReporter &Diags,
              const clang::Stmt *&Body, bool RunTimeBounds) {
  std::vector<CanonicalLoop> Loops;
  const clang::ForStmt *Loop = Outer;
  for (unsigned Level = 0; Level < Depth; ++Level) {
    CanonicalLoop L;
    L.Loop = Loop;
    L.Variable = loopVariable(Loop);
    const clang::Expr *InitValue = loopInitValue(Loop);
    const auto *Cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
        Loop->getCond() ? Loop->getCond()->IgnoreParens() : nullptr);
    if (!L.Variable || !InitValue || !Cond ||
        !isUnitIncrement(Loop->getInc(), L.Variable, Context)) {
      Diags.report(Loop->getForLoc(), Diag::LoopForm) << NestName;
      return std::nullopt;
    }
    // Accept v < e, v <= e, e > v and e >= v.
    const clang::Expr *Bound = nullptr;
    bool Inclusive = false;
    clang::BinaryOperatorKind Op = Cond->getOpcode();
    if ((Op == clang::BO_LT || Op == clang::BO_LE) &&
        referencedVariable(Cond->getLHS()) == L.Variable) {
      Bound = Cond->getRHS();
      Inclusive = Op == clang::BO_LE;
    } else if ((Op == clang::BO_GT || Op == clang::BO_GE) &&
               referencedVariable(Cond->getRHS()) == L.Variable) {
      Bound = Cond->getLHS();
      Inclusive = Op == clang::BO_GE;
    }
    if (!Bound) {
      Diags.report(Cond->getBeginLoc(), Diag::LoopForm) << NestName;
      return std::nullopt;
    }
    std::optional<int64_t> Lower = constantValue(InitValue, Context);
    std::optional<int64_t> Upper = constantValue(Bound, Context);
    for (const clang::Expr *E : {InitValue, Bound}) {
      if ((E == InitValue ? Lower : Upper) ||
          (RunTimeBounds && isRunTimeBound(E, Loops, L.Variable, Context)))
        continue;
      Diags.report(E->getBeginLoc(), RunTimeBounds ? Diag::LoopBoundNotRunTime
                                                   : Diag::LoopBoundNotConstant)
          << NestName << L.Variable->getName();
      return std::nullopt;
    }
    if (Lower) {
      L.Lower = *Lower;
    } else {
      L.LowerExpr = InitValue;
      L.LowerText = boundText(InitValue, Context);
    }
    if (Upper) {
      L.Upper = *Upper + (Inclusive ? 1 : 0);
    } else {
      L.UpperExpr = Bound;
      L.UpperText = boundText(Bound, Context);
      if (Inclusive)
        L.UpperText = "(" + L.UpperText + ") + 1";
    }
    Loops.push_back(L);

    Body = Loop->getBody();
    if (Level + 1 == Depth)
      break;
    const clang::Stmt *Inner = Body;
    if (const auto *C = llvm::dyn_cast<clang::CompoundStmt>(Body))
      Inner = C->size() == 1 ? C->body_front() : nullptr;
    // `#pragma acc loop` or `#pragma omp simd` over an inner loop.
    Loop = llvm::dyn_cast_or_null<clang::ForStmt>(
        throughParallelConstructs(Inner));
    if (!Loop) {
      Diags.report(Body->getBeginLoc(), Diag::LoopNotPerfect)
          << NestName << L.Variable->getName();
      return std::nullopt;
    }
  }
  return Loops;
}

namespace {

class ReferencesTo : public clang::RecursiveASTVisitor<ReferencesTo> {
public:
  explicit ReferencesTo(const clang::VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref) {
    if (Ref->getDecl() == V)
      Found.push_back(Ref);
    return true;
  }
  const clang::VarDecl *V;
  std::vector<const clang::DeclRefExpr *> Found;
};

} // namespace

OutsideUses usesOutsideRegion(const clang::VarDecl *V,
                              const clang::FunctionDecl *Function,
                              clang::SourceLocation Begin,
                              clang::SourceLocation End,
                              const clang::SourceManager &SM) {
  ReferencesTo Refs(V);
  Refs.TraverseStmt(Function->getBody());
  OutsideUses Uses;
  Uses.Anywhere = V->hasGlobalStorage();
  for (const clang::DeclRefExpr *Ref : Refs.Found) {
    clang::SourceLocation Loc = SM.getExpansionLoc(Ref->getLocation());
    bool BeforeRegion = SM.isBeforeInTranslationUnit(Loc, Begin);
    bool AfterRegion = SM.isBeforeInTranslationUnit(End, Loc);
    Uses.After |= AfterRegion;
    Uses.Anywhere |= BeforeRegion || AfterRegion;
  }
  return Uses;
}

} // namespace tilec
