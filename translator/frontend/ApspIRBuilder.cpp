//===- ApspIRBuilder.cpp - Recognise the Floyd-Warshall loop nest --------===//
//
// Checks the k-i-j nest bound to an apsp region and recognises its body as
// the min-plus relaxation D[i][j] = min(D[i][j], D[i][k] + D[k][j]) in any of
// the accepted spellings (docs/directives.md, "apsp"), with the optional path
// update. The checks run from the outside in, so the first diagnostic names
// the outermost thing that is wrong.
//
//===----------------------------------------------------------------------===//
#include "frontend/ApspFrontend.h"

#include "frontend/LoopNest.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

namespace tilec {
namespace {

using clang::dyn_cast;
using clang::dyn_cast_or_null;
using clang::Expr;

const Expr *strip(const Expr *E) { return E ? E->IgnoreParenImpCasts() : E; }

const clang::VarDecl *variableOf(const Expr *E) {
  if (const auto *Ref = dyn_cast<clang::DeclRefExpr>(strip(E)))
    return dyn_cast<clang::VarDecl>(Ref->getDecl());
  return nullptr;
}

std::optional<ApspElementType> elementTypeOf(clang::QualType Type) {
  const auto *B = Type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (!B)
    return std::nullopt;
  switch (B->getKind()) {
  case clang::BuiltinType::Int:
    return ApspElementType::Int;
  case clang::BuiltinType::UInt:
    return ApspElementType::Unsigned;
  case clang::BuiltinType::Float:
    return ApspElementType::Float;
  case clang::BuiltinType::Double:
    return ApspElementType::Double;
  default:
    return std::nullopt;
  }
}

/// `A[x][y]` with its array and its two subscript variables (null when a
/// subscript is not a plain variable).
struct Access {
  const clang::VarDecl *Array = nullptr;
  const clang::VarDecl *Row = nullptr, *Column = nullptr;
  const Expr *Outer = nullptr;
};

std::optional<Access> accessOf(const Expr *E) {
  const auto *Outer = dyn_cast<clang::ArraySubscriptExpr>(strip(E));
  if (!Outer)
    return std::nullopt;
  const auto *Inner =
      dyn_cast<clang::ArraySubscriptExpr>(strip(Outer->getBase()));
  if (!Inner)
    return std::nullopt;
  const clang::VarDecl *Array = variableOf(Inner->getBase());
  if (!Array)
    return std::nullopt;
  return Access{Array, variableOf(Inner->getIdx()), variableOf(Outer->getIdx()),
                Outer};
}

/// Every reference to the matrices in the loop body, and the full D[x][y]
/// accesses among them.
class MatrixUses : public clang::RecursiveASTVisitor<MatrixUses> {
public:
  std::vector<const clang::DeclRefExpr *> References;
  std::vector<Access> Accesses;

  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    References.push_back(E);
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E) {
    if (auto A = accessOf(E))
      Accesses.push_back(*A);
    return true;
  }
};

class ApspIRBuilder {
public:
  ApspIRBuilder(const BoundApspRegion &Bound, clang::ASTContext &Context,
                DiagnosticReporter &Diags)
      : B(Bound), Context(Context), SM(Context.getSourceManager()),
        Diags(Diags) {}

  std::optional<ir::ApspRegion> run(const std::string &Name) {
    R.Name = Name;
    clang::PresumedLoc P = SM.getPresumedLoc(B.Begin->HashLoc);
    R.SourceFile = llvm::sys::path::filename(P.getFilename()).str();
    R.SourceLine = P.getLine();
    const ApspDirective &Data = B.Data->D;
    R.Type = Data.Distance.Type;
    R.Distance = Data.Distance.Name;
    R.N = Data.Distance.Extent;
    if (Data.Path)
      R.Path = ir::ApspPath{Data.Path->Name, ir::PathSource::Pivot};

    if (!buildLoops() || !findMatrices() || !checkAccesses() ||
        !buildUpdate() || Diags.hasErrors())
      return std::nullopt;
    return std::move(R);
  }

private:
  const BoundApspRegion &B;
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  ir::ApspRegion R;

  const clang::Stmt *Body = nullptr;
  const clang::VarDecl *K = nullptr, *I = nullptr, *J = nullptr;
  const clang::VarDecl *D = nullptr, *P = nullptr;

  // --- Loops ---------------------------------------------------------------

  bool buildLoops() {
    auto Loops = parseLoopNest(B.Loop, 3, "apsp", Context, Diags, Body);
    if (!Loops)
      return false;
    const std::vector<NamedVariable> &Names = B.Loops->D.Loops;
    static const char *const Roles[] = {"outermost (pivot)", "middle (row)",
                                        "innermost (column)"};
    for (unsigned L = 0; L < 3; ++L) {
      const CanonicalLoop &Loop = (*Loops)[L];
      std::string Actual = Loop.Variable->getName().str();
      if (Actual != Names[L].Name) {
        Diags.report(Loop.Loop->getForLoc(), Diag::ApspLoopOrder)
            << Roles[L] << Names[L].Name << Names[0].Name << Names[1].Name
            << Names[2].Name << Actual;
        return false;
      }
      if (Loop.Lower != 0 || Loop.Upper != R.N) {
        Diags.report(Loop.Loop->getCond()->getBeginLoc(), Diag::ApspLoopBounds)
            << Actual << std::to_string(Loop.Lower)
            << std::to_string(Loop.Upper) << std::to_string(R.N) << R.Distance;
        return false;
      }
      // A variable declared before the loop outlives it; the serial loop
      // leaves it at N, and so must the translated region where code after
      // it reads the variable.
      if (!llvm::isa<clang::DeclStmt>(Loop.Loop->getInit())) {
        OutsideUses Uses = usesOutsideRegion(
            Loop.Variable, B.Function, B.Begin->HashLoc, B.End->HashLoc, SM);
        if (Uses.After)
          R.LoopVariablesReadAfter.push_back(Actual);
        else if (!Uses.Anywhere)
          R.LoopVariablesUnusedOutside.push_back(Actual);
      }
    }
    K = (*Loops)[0].Variable;
    I = (*Loops)[1].Variable;
    J = (*Loops)[2].Variable;
    R.K = K->getName().str();
    R.I = I->getName().str();
    R.J = J->getName().str();
    return true;
  }

  // --- Matrices ------------------------------------------------------------

  /// The variable named `Name` as the loop nest sees it.
  const clang::VarDecl *lookup(const std::string &Name) {
    MatrixUses Uses;
    Uses.TraverseStmt(const_cast<clang::ForStmt *>(B.Loop));
    for (const clang::DeclRefExpr *E : Uses.References)
      if (E->getDecl()->getName() == Name)
        return dyn_cast<clang::VarDecl>(E->getDecl());
    return nullptr;
  }

  bool matchesDeclaration(const ApspMatrixSpec &Spec, const clang::VarDecl *V) {
    clang::QualType Type = V->getType();
    std::vector<int64_t> Extents;
    bool Pointer = false;
    if (const auto *Ptr = Type->getAs<clang::PointerType>()) {
      Pointer = true; // A parameter `T D[N][N]` decays to `T (*)[N]`.
      Type = Ptr->getPointeeType();
    }
    while (const auto *A = Context.getAsConstantArrayType(Type)) {
      Extents.push_back(A->getSize().getSExtValue());
      Type = A->getElementType();
    }
    std::vector<int64_t> Expected(Pointer ? 1 : 2, Spec.Extent);
    return Extents == Expected && elementTypeOf(Type) == Spec.Type;
  }

  bool findMatrix(const ApspMatrixSpec &Spec, const RecordedApspDirective &Dir,
                  const clang::VarDecl *&Out) {
    Out = lookup(Spec.Name);
    if (!Out) {
      Diags.report(Dir.tokenLoc(Spec.NameToken), Diag::ApspMatrixNotDeclared)
          << Spec.Name;
      return false;
    }
    if (!matchesDeclaration(Spec, Out)) {
      std::string N = std::to_string(Spec.Extent);
      Diags.report(Dir.tokenLoc(Spec.NameToken), Diag::ApspMatrixType)
          << Spec.Name
          << std::string(apspElementTypeName(Spec.Type)) + "[" + N + "][" + N +
                 "]"
          << Out->getType().getAsString();
      Diags.report(Out->getLocation(), Diag::ArrayDeclaredHere) << Spec.Name;
      return false;
    }
    return true;
  }

  bool findMatrices() {
    const ApspDirective &Data = B.Data->D;
    if (!findMatrix(Data.Distance, *B.Data, D))
      return false;
    return !Data.Path || findMatrix(*Data.Path, *B.Data, P);
  }

  std::string spell(const clang::VarDecl *A, const clang::VarDecl *X,
                    const clang::VarDecl *Y) {
    return A->getName().str() + "[" + X->getName().str() + "][" +
           Y->getName().str() + "]";
  }

  /// Every use of D and P must be one of [i][j], [i][k], [k][j].
  bool checkAccesses() {
    MatrixUses Uses;
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
        for (const Access &A : Uses.Accesses) {
          const auto *Outer = llvm::cast<clang::ArraySubscriptExpr>(A.Outer);
          const auto *Inner =
              llvm::cast<clang::ArraySubscriptExpr>(strip(Outer->getBase()));
          Part |= strip(Inner->getBase()) == E;
        }
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
    auto Acc = accessOf(E);
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

std::optional<ir::ApspRegion> buildApspIR(const BoundApspRegion &Bound,
                                          const std::string &RegionName,
                                          clang::ASTContext &Context,
                                          DiagnosticReporter &Diags) {
  return ApspIRBuilder(Bound, Context, Diags).run(RegionName);
}

} // namespace tilec
