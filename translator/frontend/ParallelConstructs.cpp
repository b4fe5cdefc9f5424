//===- ParallelConstructs.cpp - OpenMP and OpenACC pragmas in a region ---===//
#include "frontend/ParallelConstructs.h"

#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"

namespace tilec {

bool isParallelConstruct(const clang::Stmt *S) {
  return llvm::isa_and_nonnull<clang::OMPExecutableDirective>(S) ||
         llvm::isa_and_nonnull<clang::OpenACCAssociatedStmtConstruct>(S);
}

const clang::Stmt *throughParallelConstructs(const clang::Stmt *S) {
  while (S) {
    if (const auto *OMP = llvm::dyn_cast<clang::OMPExecutableDirective>(S)) {
      if (!OMP->hasAssociatedStmt())
        return S;
      S = OMP->getInnermostCapturedStmt()->getCapturedStmt();
    } else if (const auto *ACC =
                   llvm::dyn_cast<clang::OpenACCAssociatedStmtConstruct>(S)) {
      // Its one child is the statement it holds.
      auto Children = ACC->children();
      if (Children.empty() || !*Children.begin())
        return S;
      S = *Children.begin();
    } else {
      return S;
    }
  }
  return S;
}

const clang::Stmt *annotatedChild(const clang::CompoundStmt *Compound,
                                  clang::SourceLocation Loc,
                                  const CompoundIndex &Index) {
  for (const clang::Stmt *Child : Compound->body()) {
    if (Index.before(Loc, Child->getBeginLoc()))
      return Child;
    if (isParallelConstruct(Child)) {
      const clang::Stmt *Held = throughParallelConstructs(Child);
      if (Held && Index.before(Loc, Held->getBeginLoc()))
        return Child;
    }
  }
  return nullptr;
}

} // namespace tilec
