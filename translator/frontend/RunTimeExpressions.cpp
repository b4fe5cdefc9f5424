//===- RunTimeExpressions.cpp - Expressions evaluated at run time ---------===//
#include "frontend/RunTimeExpressions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <cctype>

namespace tilec {

namespace {

/// The last declaration of a variable called `Name` in a function body
/// before `Before`.
class DeclarationFinder : public clang::RecursiveASTVisitor<DeclarationFinder> {
public:
  DeclarationFinder(llvm::StringRef Name, clang::SourceLocation Before,
                    const clang::SourceManager &SM)
      : Name(Name), Before(Before), SM(SM) {}
  bool VisitVarDecl(clang::VarDecl *V) {
    if (V->getName() == Name &&
        SM.isBeforeInTranslationUnit(V->getLocation(), Before))
      Found = V;
    return true;
  }
  const clang::VarDecl *Found = nullptr;

private:
  llvm::StringRef Name;
  clang::SourceLocation Before;
  const clang::SourceManager &SM;
};

} // namespace

std::string normalizedExpression(std::string Text) {
  std::string Out;
  for (char C : Text)
    if (!std::isspace((unsigned char)C))
      Out += C;
  // `(nx)` and `nx` are the same extent.
  while (Out.size() > 2 && Out.front() == '(' && Out.back() == ')') {
    int Depth = 0;
    bool Wraps = true;
    for (size_t I = 0; I + 1 < Out.size() && Wraps; ++I) {
      Depth += Out[I] == '(' ? 1 : Out[I] == ')' ? -1 : 0;
      Wraps = Depth > 0;
    }
    if (!Wraps)
      break;
    Out = Out.substr(1, Out.size() - 2);
  }
  return Out;
}

std::vector<std::string> identifiersOf(const std::string &Text) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (std::isdigit(C)) { // A number with its suffix.
      while (I < Text.size() && std::isalnum((unsigned char)Text[I]))
        ++I;
      continue;
    }
    if (!std::isalpha(C) && C != '_') {
      ++I;
      continue;
    }
    size_t Start = I;
    while (I < Text.size() &&
           (std::isalnum((unsigned char)Text[I]) || Text[I] == '_'))
      ++I;
    Out.push_back(Text.substr(Start, I - Start));
  }
  return Out;
}

std::string printedExpression(const clang::Expr *E,
                              const clang::ASTContext &Context) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  E->printPretty(OS, nullptr, Context.getPrintingPolicy());
  return OS.str();
}

const clang::NamedDecl *visibleDeclaration(const std::string &Name,
                                           const clang::FunctionDecl *Function,
                                           clang::SourceLocation Before,
                                           clang::ASTContext &Context) {
  const clang::SourceManager &SM = Context.getSourceManager();
  DeclarationFinder Finder(Name, Before, SM);
  for (const clang::ParmVarDecl *P : Function->parameters())
    if (P->getName() == Name)
      Finder.Found = P;
  Finder.TraverseStmt(Function->getBody());
  if (Finder.Found)
    return Finder.Found;
  const clang::NamedDecl *Global = nullptr;
  for (const clang::Decl *D : Context.getTranslationUnitDecl()->decls()) {
    if (!SM.isBeforeInTranslationUnit(D->getLocation(), Before))
      continue;
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D);
        V && V->getName() == Name)
      Global = V;
    if (const auto *E = llvm::dyn_cast<clang::EnumDecl>(D))
      for (const clang::EnumConstantDecl *C : E->enumerators())
        if (C->getName() == Name)
          Global = C;
  }
  return Global;
}

} // namespace tilec
