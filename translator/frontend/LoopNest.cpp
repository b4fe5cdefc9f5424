//===- LoopNest.cpp - Recognise canonical, perfectly nested loops --------===//
#include "frontend/LoopNest.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/Expr.h"

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

std::optional<std::vector<CanonicalLoop>>
parseLoopNest(const clang::ForStmt *Outer, unsigned Depth, const char *NestName,
              clang::ASTContext &Context, DiagnosticReporter &Diags,
              const clang::Stmt *&Body) {
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
    if (!Lower || !Upper) {
      Diags.report(Lower ? Bound->getBeginLoc() : InitValue->getBeginLoc(),
                   Diag::LoopBoundNotConstant)
          << NestName << L.Variable->getName();
      return std::nullopt;
    }
    L.Lower = *Lower;
    L.Upper = *Upper + (Inclusive ? 1 : 0);
    Loops.push_back(L);

    Body = Loop->getBody();
    if (Level + 1 == Depth)
      break;
    const clang::Stmt *Inner = Body;
    if (const auto *C = llvm::dyn_cast<clang::CompoundStmt>(Body))
      Inner = C->size() == 1 ? C->body_front() : nullptr;
    Loop = llvm::dyn_cast_or_null<clang::ForStmt>(Inner);
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
