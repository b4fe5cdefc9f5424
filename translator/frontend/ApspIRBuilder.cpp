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
#include "frontend/ApspMatch.h"

#include "frontend/LoopNest.h"
#include "frontend/RunTimeExpressions.h"

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

using namespace apsp;

class ApspIRBuilder {
public:
  ApspIRBuilder(const BoundApspRegion &Bound, clang::ASTContext &Context,
                DiagnosticReporter &Diags, const ir::SizeAssumptions &Sizes)
      : B(Bound), Context(Context), SM(Context.getSourceManager()),
        Diags(Diags), Sizes(Sizes) {}

  std::optional<ir::ApspRegion> run(const std::string &Name) {
    R.Name = Name;
    clang::PresumedLoc Where = SM.getPresumedLoc(B.Begin->HashLoc);
    R.SourceFile = llvm::sys::path::filename(Where.getFilename()).str();
    R.SourceLine = Where.getLine();
    const ApspDirective &Data = B.Data->D;
    R.Type = Data.Distance.Type;
    R.Distance = Data.Distance.Name;
    R.N = Data.Distance.Extent;
    if (Data.Path)
      R.Path = ir::ApspPath{Data.Path->Name, ir::PathSource::Pivot};

    if (!buildRunTimeSize() || !buildLoops() || !findMatrices() ||
        !matchApspUpdate(nest(), Context, Diags, R) || Diags.hasErrors())
      return std::nullopt;
    return std::move(R);
  }

private:
  const BoundApspRegion &B;
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  const ir::SizeAssumptions &Sizes;
  ir::ApspRegion R;

  const clang::Stmt *Body = nullptr;
  const clang::VarDecl *K = nullptr, *I = nullptr, *J = nullptr;
  const clang::VarDecl *D = nullptr, *P = nullptr;

  ApspNest nest() {
    ApspNest Nest{Body, K, I, J, D, P, {}};
    if (R.Flat)
      Nest.IsRowLength = [this](const Expr *E) { return isRowLength(E); };
    return Nest;
  }

  // --- A size known only at run time ---------------------------------------

  /// `data(int D[n][n])`: n may read only what the region does not write;
  /// tile selection assumes a value for it.
  bool buildRunTimeSize() {
    const ApspMatrixSpec &Spec = B.Data->D.Distance;
    if (Spec.ExtentText.empty())
      return true;
    R.NText = Spec.ExtentText;
    R.N = Sizes.extent(R.NText, 2, &R.NGiven);
    clang::SourceLocation Where = B.Data->tokenLoc(Spec.ExtentToken);
    for (const std::string &Name : identifiersOf(R.NText)) {
      const clang::NamedDecl *Decl =
          visibleDeclaration(Name, B.Function, B.Begin->HashLoc, Context);
      if (!Decl) {
        Diags.report(Where, Diag::ExtentVariableUnknown)
            << R.NText << Spec.Name << Name;
        return false;
      }
      const auto *V = dyn_cast<clang::VarDecl>(Decl);
      if (V && firstWriteOf(V, B.Loop)) {
        Diags.report(Where, Diag::ExtentVariableWritten)
            << R.NText << Spec.Name << Name;
        return false;
      }
    }
    return true;
  }

  /// The loop runs over [0, n): n as the data clause gives it.
  bool coversMatrix(const CanonicalLoop &Loop) {
    if (Loop.LowerExpr || Loop.Lower != 0)
      return false;
    if (!R.runTimeSize())
      return !Loop.UpperExpr && Loop.Upper == R.N;
    // Compared as Clang prints it: macros expanded, as in the directive.
    return Loop.UpperExpr &&
           normalizedExpression(printedExpression(Loop.UpperExpr, Context)) ==
               normalizedExpression(R.NText);
  }

  // --- Loops ---------------------------------------------------------------

  bool buildLoops() {
    auto Loops = parseLoopNest(B.Loop, 3, "apsp", Context, Diags, Body,
                               /*RunTimeBounds=*/true);
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
      if (!coversMatrix(Loop)) {
        auto Bound = [](const std::string &Text, int64_t Value) {
          return Text.empty() ? std::to_string(Value) : Text;
        };
        Diags.report(Loop.Loop->getCond()->getBeginLoc(), Diag::ApspLoopBounds)
            << Actual << Bound(Loop.LowerText, Loop.Lower)
            << Bound(Loop.UpperText, Loop.Upper) << Bound(R.NText, R.N)
            << R.Distance;
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

  /// Each extent of the declaration as text: a constant's value, a VLA's
  /// size expression; a parameter `T D[n][n]` decays to `T (*)[n]`.
  bool matchesDeclaration(const ApspMatrixSpec &Spec, const clang::VarDecl *V) {
    clang::QualType Type = V->getType();
    std::vector<std::string> Extents;
    bool Pointer = false;
    if (const auto *Ptr = Type->getAs<clang::PointerType>()) {
      Pointer = true;
      Type = Ptr->getPointeeType();
    }
    while (const clang::ArrayType *A = Context.getAsArrayType(Type)) {
      if (const auto *C = dyn_cast<clang::ConstantArrayType>(A))
        Extents.push_back(std::to_string(C->getSize().getSExtValue()));
      else if (const auto *VL = dyn_cast<clang::VariableArrayType>(A))
        Extents.push_back(normalizedExpression(
            printedExpression(VL->getSizeExpr(), Context)));
      else
        return false;
      Type = A->getElementType();
    }
    std::string N = Spec.ExtentText.empty()
                        ? std::to_string(Spec.Extent)
                        : normalizedExpression(Spec.ExtentText);
    std::vector<std::string> Expected(Pointer ? 1 : 2, N);
    return Extents == Expected && elementTypeOf(Type) == Spec.Type;
  }

  /// A flat declaration: `T *D`, or `T D[N * N]` for a constant N.
  bool isFlatDeclaration(const ApspMatrixSpec &Spec, const clang::VarDecl *V) {
    clang::QualType Type = V->getType();
    if (const auto *Ptr = Type->getAs<clang::PointerType>())
      return elementTypeOf(Ptr->getPointeeType()) == Spec.Type;
    const auto *A = Context.getAsConstantArrayType(Type);
    return A && Spec.ExtentText.empty() &&
           !Context.getAsArrayType(A->getElementType()) &&
           A->getSize().getSExtValue() == Spec.Extent * Spec.Extent &&
           elementTypeOf(A->getElementType()) == Spec.Type;
  }

  /// n in a flat subscript: the data clause's expression, or N's value.
  bool isRowLength(const Expr *E) {
    if (R.runTimeSize())
      return normalizedExpression(printedExpression(E, Context)) ==
             normalizedExpression(R.NText);
    clang::Expr::EvalResult Value;
    return !E->isValueDependent() && E->EvaluateAsInt(Value, Context) &&
           Value.Val.getInt().getExtValue() == R.N;
  }

  bool findMatrix(const ApspMatrixSpec &Spec, const RecordedApspDirective &Dir,
                  const clang::VarDecl *&Out) {
    Out = lookup(Spec.Name);
    if (!Out) {
      Diags.report(Dir.tokenLoc(Spec.NameToken), Diag::ApspMatrixNotDeclared)
          << Spec.Name;
      return false;
    }
    bool Flat = !matchesDeclaration(Spec, Out) && isFlatDeclaration(Spec, Out);
    if (&Spec != &B.Data->D.Distance && Flat != R.Flat) {
      Diags.report(Dir.tokenLoc(Spec.NameToken), Diag::ApspFlatMismatch)
          << R.Distance << D->getType().getAsString() << Spec.Name
          << Out->getType().getAsString();
      return false;
    }
    R.Flat = Flat;
    if (!Flat && !matchesDeclaration(Spec, Out)) {
      std::string N = Spec.ExtentText.empty() ? std::to_string(Spec.Extent)
                                              : Spec.ExtentText;
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
};

} // namespace

std::optional<ir::ApspRegion> buildApspIR(const BoundApspRegion &Bound,
                                          const std::string &RegionName,
                                          clang::ASTContext &Context,
                                          DiagnosticReporter &Diags,
                                          const ir::SizeAssumptions &Sizes) {
  return ApspIRBuilder(Bound, Context, Diags, Sizes).run(RegionName);
}

} // namespace tilec
