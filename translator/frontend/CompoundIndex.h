//===- CompoundIndex.h - Find the statements around a pragma ----*- C++ -*-===//
//
// Pragmas leave no trace in the AST, so binders locate them by source
// position: the innermost compound statement around a pragma, and the first
// statement after it. Shared by the stencil and the apsp binders.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_COMPOUNDINDEX_H
#define TILEC_FRONTEND_COMPOUNDINDEX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace tilec {

/// Every compound statement of the main file, with the function it is in.
class CompoundIndex : public clang::RecursiveASTVisitor<CompoundIndex> {
public:
  struct Entry {
    const clang::CompoundStmt *Compound;
    const clang::FunctionDecl *Function;
  };

  explicit CompoundIndex(clang::ASTContext &Context)
      : SM(Context.getSourceManager()) {
    TraverseDecl(Context.getTranslationUnitDecl());
  }

  bool TraverseFunctionDecl(clang::FunctionDecl *F) {
    const clang::FunctionDecl *Saved = CurrentFunction;
    CurrentFunction = F;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(F);
    CurrentFunction = Saved;
    return Result;
  }

  bool VisitCompoundStmt(clang::CompoundStmt *S) {
    if (CurrentFunction &&
        SM.isInMainFile(SM.getExpansionLoc(S->getBeginLoc())))
      Entries.push_back({S, CurrentFunction});
    return true;
  }

  /// The innermost compound statement whose braces enclose `Loc`.
  const Entry *innermostContaining(clang::SourceLocation Loc) const {
    const Entry *Best = nullptr;
    for (const Entry &E : Entries) {
      clang::SourceLocation L = E.Compound->getLBracLoc(),
                            R = E.Compound->getRBracLoc();
      if (!before(L, Loc) || !before(Loc, R))
        continue;
      if (!Best || before(Best->Compound->getLBracLoc(), L))
        Best = &E;
    }
    return Best;
  }

  bool before(clang::SourceLocation A, clang::SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }

private:
  const clang::SourceManager &SM;
  const clang::FunctionDecl *CurrentFunction = nullptr;

public:
  std::vector<Entry> Entries;
};

/// The first statement of `Compound` that starts after `Loc`, or null.
inline const clang::Stmt *firstChildAfter(const clang::CompoundStmt *Compound,
                                          clang::SourceLocation Loc,
                                          const CompoundIndex &Index) {
  for (const clang::Stmt *Child : Compound->body())
    if (Index.before(Loc, Child->getBeginLoc()))
      return Child;
  return nullptr;
}

} // namespace tilec

#endif
