//===- ApspUpdateMatcher.cpp - The min-plus update of an apsp nest --------===//
//
// The innermost body must relax D[i][j] through the pivot: `if (D[i][k] +
// D[k][j] < D[i][j]) D[i][j] = D[i][k] + D[k][j];`, the same with `<=`, a
// `?:` or a min function (the C math one for floating point, or the user's
// own `a < b ? a : b`), and with a path matrix updated in the same branch.
// Every other form gets a diagnostic that names what is expected.
//
//===----------------------------------------------------------------------===//
#include "frontend/ApspMatch.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace tilec::apsp {

namespace {

class ApspUpdateMatcher {
public:
  ApspUpdateMatcher(const ApspNest &Nest, clang::ASTContext &Context,
                    DiagnosticReporter &Diags, ir::ApspRegion &R)
      : Context(Context), SM(Context.getSourceManager()), Diags(Diags), R(R),
        Body(Nest.Body), K(Nest.K), I(Nest.I), J(Nest.J), D(Nest.D), P(Nest.P),
        IsRowLength(Nest.IsRowLength) {}

  bool run() { return checkAccesses() && buildUpdate(); }

private:
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  ir::ApspRegion &R;
  const clang::Stmt *Body;
  const clang::VarDecl *K, *I, *J, *D, *P;
  RowLengthTest IsRowLength;

  std::string spell(const clang::VarDecl *A, const clang::VarDecl *X,
                    const clang::VarDecl *Y) {
    if (IsRowLength)
      return A->getName().str() + "[" + X->getName().str() + " * " +
             (R.runTimeSize() ? R.NText : std::to_string(R.N)) + " + " +
             Y->getName().str() + "]";
    return A->getName().str() + "[" + X->getName().str() + "][" +
           Y->getName().str() + "]";
  }

  /// Every use of D and P must be one of [i][j], [i][k], [k][j].
  bool checkAccesses() {
    MatrixUses Uses(IsRowLength);
    Uses.TraverseStmt(const_cast<clang::Stmt *>(Body));
    bool Ok = true;
    for (const clang::VarDecl *M : {D, P}) {
      if (!M)
        continue;
      std::string Allowed =
          spell(M, I, J) + ", " + spell(M, I, K) + " and " + spell(M, K, J);
      for (const Access &A : Uses.Accesses) {
        if (A.Array != M)
          continue;
        bool Fine = (A.Row == I && A.Column == J) ||
                    (A.Row == I && A.Column == K) ||
                    (A.Row == K && A.Column == J);
        if (!Fine) {
          Diags.report(A.Outer->getBeginLoc(), Diag::ApspSubscript)
              << M->getName() << text(A.Outer) << Allowed;
          Ok = false;
        }
      }
      // A bare `D` or `D[i]` (passed on, or a pointer taken) is no access.
      for (const clang::DeclRefExpr *E : Uses.References) {
        if (E->getDecl() != M)
          continue;
        bool Part = false;
        for (const Access &A : Uses.Accesses)
          Part |= A.Reference == E;
        if (!Part) {
          Diags.report(E->getBeginLoc(), Diag::ApspSubscript)
              << M->getName() << M->getName() << Allowed;
          Ok = false;
        }
      }
    }
    return Ok;
  }

  std::string text(const Expr *E) {
    return clang::Lexer::getSourceText(
               clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM,
               Context.getLangOpts())
        .str();
  }

  // --- The update ----------------------------------------------------------

  enum class Operand { Target, Sum, Other };

  bool isAccess(const Expr *E, const clang::VarDecl *A, const clang::VarDecl *X,
                const clang::VarDecl *Y) {
    auto Acc = accessOf(E, IsRowLength);
    return Acc && Acc->Array == A && Acc->Row == X && Acc->Column == Y;
  }

  Operand classify(const Expr *E) {
    E = strip(E);
    if (isAccess(E, D, I, J))
      return Operand::Target;
    if (const auto *Add = dyn_cast<clang::BinaryOperator>(E))
      if (Add->getOpcode() == clang::BO_Add) {
        const Expr *L = Add->getLHS(), *Rhs = Add->getRHS();
        if ((isAccess(L, D, I, K) && isAccess(Rhs, D, K, J)) ||
            (isAccess(L, D, K, J) && isAccess(Rhs, D, I, K)))
          return Operand::Sum;
      }
    return Operand::Other;
  }

  /// `c ? x : y` computing the minimum of two operands told apart by
  /// `Class`: cond `a < b` (or <=) picks a, `a > b` (or >=) picks b.
  template <typename ClassFn>
  bool isMinTernary(const clang::ConditionalOperator *C, ClassFn Class) {
    const auto *Cond = dyn_cast<clang::BinaryOperator>(strip(C->getCond()));
    if (!Cond)
      return false;
    int L = Class(Cond->getLHS()), Rhs = Class(Cond->getRHS());
    int T = Class(C->getTrueExpr()), F = Class(C->getFalseExpr());
    if (L < 0 || Rhs < 0 || L == Rhs)
      return false;
    switch (Cond->getOpcode()) {
    case clang::BO_LT:
    case clang::BO_LE:
      return T == L && F == Rhs;
    case clang::BO_GT:
    case clang::BO_GE:
      return T == Rhs && F == L;
    default:
      return false;
    }
  }

  int operandClass(const Expr *E) {
    Operand O = classify(E);
    return O == Operand::Other ? -1 : static_cast<int>(O);
  }

  /// A user function `T f(T a, T b) { return a < b ? a : b; }`.
  bool isUserMinFunction(const clang::FunctionDecl *F) {
    const clang::FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || Def->getNumParams() != 2)
      return false;
    const clang::Stmt *S = Def->getBody();
    if (const auto *C = dyn_cast<clang::CompoundStmt>(S))
      S = C->size() == 1 ? C->body_front() : nullptr;
    const auto *Ret = dyn_cast_or_null<clang::ReturnStmt>(S);
    const auto *Cond = Ret ? dyn_cast_or_null<clang::ConditionalOperator>(
                                 strip(Ret->getRetValue()))
                           : nullptr;
    if (!Cond)
      return false;
    const clang::ParmVarDecl *A = Def->getParamDecl(0),
                             *Bp = Def->getParamDecl(1);
    return isMinTernary(Cond, [&](const Expr *E) {
      const clang::VarDecl *V = variableOf(E);
      return V == A ? 0 : V == Bp ? 1 : -1;
    });
  }

  bool notRelaxation(clang::SourceLocation Loc) {
    std::string Target = spell(D, I, J);
    std::string Sum = spell(D, I, K) + " + " + spell(D, K, J);
    std::string PathHint;
    if (P)
      PathHint = " with '" + spell(P, I, J) + " = ...' in the same 'if'";
    Diags.report(Loc, Diag::ApspNotRelaxation) << Target << Sum << PathHint;
    return false;
  }

  /// `D[i][j] = <min of D[i][j] and the sum>`.
  bool matchMinAssignment(const clang::BinaryOperator *Assign) {
    const Expr *Value = strip(Assign->getRHS());
    if (const auto *C = dyn_cast<clang::ConditionalOperator>(Value)) {
      if (!isMinTernary(C, [&](const Expr *E) { return operandClass(E); }))
        return notRelaxation(C->getBeginLoc());
      R.Form = ir::UpdateForm::Ternary;
      return true;
    }
    const auto *Call = dyn_cast<clang::CallExpr>(Value);
    if (!Call)
      return notRelaxation(Value->getBeginLoc());
    const clang::FunctionDecl *F = Call->getDirectCallee();
    std::string Name = F ? F->getName().str() : text(Call->getCallee());
    bool Math = Name == "fmin" || Name == "fminf";
    if (!F || Call->getNumArgs() != 2 ||
        (Math ? !R.isFloatingPoint() : !isUserMinFunction(F))) {
      Diags.report(Call->getBeginLoc(), Diag::ApspNotMinFunction) << Name;
      return false;
    }
    int A = operandClass(Call->getArg(0)), Bc = operandClass(Call->getArg(1));
    if (A < 0 || Bc < 0 || A == Bc)
      return notRelaxation(Call->getBeginLoc());
    R.Form = ir::UpdateForm::MinCall;
    R.MinFunction = Name;
    return true;
  }

  const clang::BinaryOperator *assignmentTo(const clang::Stmt *S,
                                            const clang::VarDecl *M) {
    const auto *Assign = dyn_cast_or_null<clang::BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != clang::BO_Assign)
      return nullptr;
    return isAccess(Assign->getLHS(), M, I, J) ? Assign : nullptr;
  }

  bool matchIf(const clang::IfStmt *If) {
    const auto *Cond = dyn_cast<clang::BinaryOperator>(strip(If->getCond()));
    if (If->getElse() || If->getInit() || If->getConditionVariable() || !Cond)
      return notRelaxation(If->getBeginLoc());
    clang::BinaryOperatorKind Op = Cond->getOpcode();
    Operand L = classify(Cond->getLHS()), Rhs = classify(Cond->getRHS());
    bool Less = (Op == clang::BO_LT || Op == clang::BO_LE) &&
                L == Operand::Sum && Rhs == Operand::Target;
    bool Greater = (Op == clang::BO_GT || Op == clang::BO_GE) &&
                   L == Operand::Target && Rhs == Operand::Sum;
    if (!Less && !Greater)
      return notRelaxation(Cond->getBeginLoc());
    bool OrEqual = Op == clang::BO_LE || Op == clang::BO_GE;
    if (OrEqual && P) {
      Diags.report(Cond->getOperatorLoc(), Diag::ApspPathLessEqual);
      return false;
    }
    R.Form = OrEqual ? ir::UpdateForm::IfLessEqual : ir::UpdateForm::IfLess;

    std::vector<const clang::Stmt *> Then;
    if (const auto *C = dyn_cast<clang::CompoundStmt>(If->getThen()))
      Then.assign(C->body_begin(), C->body_end());
    else
      Then.push_back(If->getThen());
    const clang::BinaryOperator *DistanceUpdate = nullptr,
                                *PathUpdate = nullptr;
    for (const clang::Stmt *S : Then) {
      const Expr *E = dyn_cast<Expr>(S);
      if (const auto *A = assignmentTo(E ? strip(E) : nullptr, D);
          A && !DistanceUpdate)
        DistanceUpdate = A;
      else if (const auto *A =
                   P ? assignmentTo(E ? strip(E) : nullptr, P) : nullptr;
               A && !PathUpdate)
        PathUpdate = A;
      else
        return notRelaxation(S->getBeginLoc());
    }
    if (!DistanceUpdate)
      return notRelaxation(If->getThen()->getBeginLoc());
    if (classify(DistanceUpdate->getRHS()) != Operand::Sum) {
      Diags.report(DistanceUpdate->getRHS()->getBeginLoc(),
                   Diag::ApspSumMismatch)
          << spell(D, I, K) + " + " + spell(D, K, J);
      return false;
    }
    if (!P)
      return true;
    auto PathError = [&](clang::SourceLocation Loc) {
      Diags.report(Loc, Diag::ApspPathUpdate)
          << P->getName() << I->getName() << J->getName() << K->getName();
      return false;
    };
    if (!PathUpdate)
      return PathError(If->getThen()->getBeginLoc());
    const Expr *Value = PathUpdate->getRHS();
    if (variableOf(Value) == K)
      R.Path->Source = ir::PathSource::Pivot;
    else if (isAccess(Value, P, I, K))
      R.Path->Source = ir::PathSource::RowToPivot;
    else if (isAccess(Value, P, K, J))
      R.Path->Source = ir::PathSource::PivotToColumn;
    else
      return PathError(Value->getBeginLoc());
    return true;
  }

  bool buildUpdate() {
    const clang::Stmt *S = Body;
    if (const auto *C = dyn_cast<clang::CompoundStmt>(S))
      S = C->size() == 1 ? C->body_front() : nullptr;
    if (!S)
      return notRelaxation(Body->getBeginLoc());
    if (const auto *If = dyn_cast<clang::IfStmt>(S))
      return matchIf(If);
    const auto *E = dyn_cast<Expr>(S);
    const clang::BinaryOperator *Assign =
        E ? assignmentTo(strip(E), D) : nullptr;
    if (!Assign)
      return notRelaxation(S->getBeginLoc());
    if (P) {
      Diags.report(S->getBeginLoc(), Diag::ApspPathUpdate)
          << P->getName() << I->getName() << J->getName() << K->getName();
      return false;
    }
    return matchMinAssignment(Assign);
  }
};

} // namespace

bool matchApspUpdate(const ApspNest &Nest, clang::ASTContext &Context,
                     DiagnosticReporter &Diags, ir::ApspRegion &R) {
  return ApspUpdateMatcher(Nest, Context, Diags, R).run();
}

} // namespace tilec::apsp
