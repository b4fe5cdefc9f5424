//===- RunTimeExtents.cpp - Data-clause extents known only at run time ----===//
//
// `data(float u[ny][nx])` over `float (*u)[nx] = malloc(...)`, a VLA, a VLA
// parameter or a flat `float *u`: the extents are expressions the call site
// evaluates once per region entry. They may read only what the region does
// not write, a VLA's own extents must be the clause's, and tuning assumes
// values for them (SizeAssumptions.h).
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <cctype>

namespace tilec {

using namespace ir;

namespace {} // namespace

std::vector<std::string> RegionBuilder::identifiersOf(const std::string &Text) {
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

std::string RegionBuilder::normalizedExtent(std::string Text) {
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

bool RegionBuilder::checkRunTimeExtents(const ArraySpec &Spec,
                                        size_t Components) {
  for (size_t I = 0; I < Spec.ExtentTexts.size(); ++I) {
    const std::string &Text = Spec.ExtentTexts[I];
    if (Text.empty())
      continue;
    clang::SourceLocation Where = B.Data->tokenLoc(Spec.ExtentTokens[I]);
    if (I < Components) {
      Diags.report(Where, Diag::RunTimeComponentExtent) << Text << Spec.Name;
      return false;
    }
    if (MultiStage) {
      Diags.report(Where, Diag::RunTimeExtentUnsupported)
          << Text << Spec.Name << "a region with several nests per step";
      return false;
    }
    for (const std::string &Name : identifiersOf(Text)) {
      const clang::NamedDecl *D = visibleDeclaration(Name);
      if (!D) {
        Diags.report(Where, Diag::ExtentVariableUnknown)
            << Text << Spec.Name << Name;
        return false;
      }
      const auto *V = llvm::dyn_cast<clang::VarDecl>(D);
      if (V && firstWriteOf(V, B.TimeLoop)) {
        Diags.report(Where, Diag::ExtentVariableWritten)
            << Text << Spec.Name << Name;
        return false;
      }
    }
  }
  return true;
}

const clang::NamedDecl *
RegionBuilder::visibleDeclaration(const std::string &Name) {
  DeclarationFinder Finder(Name, B.Begin->HashLoc, SM);
  for (const clang::ParmVarDecl *P : B.Function->parameters())
    if (P->getName() == Name)
      Finder.Found = P;
  Finder.TraverseStmt(B.Function->getBody());
  if (Finder.Found)
    return Finder.Found;
  const clang::NamedDecl *Global = nullptr;
  for (const clang::Decl *D : Context.getTranslationUnitDecl()->decls()) {
    if (!SM.isBeforeInTranslationUnit(D->getLocation(), B.Begin->HashLoc))
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
