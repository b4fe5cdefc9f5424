//===- PreambleLocation.cpp - Where emitted code goes in the user's file -===//
#include "frontend/PreambleLocation.h"

#include "clang/Basic/SourceManager.h"

namespace tilec {

void ConditionalBlocks::Endif(clang::SourceLocation Loc,
                              clang::SourceLocation IfLoc) {
  if (IfLoc.isValid() && SM.isWrittenInMainFile(IfLoc) &&
      SM.isWrittenInMainFile(Loc))
    Blocks.push_back({IfLoc, Loc});
}

clang::SourceLocation preambleLocation(clang::ASTContext &Context,
                                       const ConditionalBlocks &Conditionals) {
  const clang::SourceManager &SM = Context.getSourceManager();
  clang::FileID Main = SM.getMainFileID();
  auto LineStart = [&](clang::SourceLocation Loc) {
    return SM.translateLineCol(Main, SM.getExpansionLineNumber(Loc), 1);
  };
  clang::SourceLocation At = SM.getLocForStartOfFile(Main);
  for (const clang::Decl *D : Context.getTranslationUnitDecl()->decls()) {
    clang::SourceLocation Loc = SM.getExpansionLoc(D->getBeginLoc());
    if (Loc.isValid() && SM.isWrittenInMainFile(Loc)) {
      At = LineStart(Loc);
      break;
    }
  }
  // Blocks end in source order, so an enclosing block comes after the ones
  // it encloses: the last that holds `At` is the outermost.
  for (const auto &[If, Endif] : Conditionals.Blocks)
    if (SM.isBeforeInTranslationUnit(If, At) &&
        SM.isBeforeInTranslationUnit(At, Endif))
      At = LineStart(If);
  return At;
}

} // namespace tilec
