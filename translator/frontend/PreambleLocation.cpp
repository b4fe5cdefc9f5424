//===- PreambleLocation.cpp - Where emitted code goes in the user's file -===//
#include "frontend/PreambleLocation.h"

#include "clang/Basic/SourceManager.h"

namespace tilec {

namespace {

/// The start of the line before the one at `LineStart` in `Text`, or npos
/// for the first line.
size_t previousLine(llvm::StringRef Text, size_t LineStart) {
  if (LineStart == 0)
    return llvm::StringRef::npos;
  size_t End = Text.rfind('\n', LineStart - 1);
  return End == llvm::StringRef::npos ? 0 : End + 1;
}

/// Moves `Offset`, a line start, up over the comment lines right above it
/// (no blank line between), so that a comment stays with the code it
/// describes: `// ...` lines and `/* ... */` blocks that start their lines.
size_t aboveComments(llvm::StringRef Text, size_t Offset) {
  for (;;) {
    size_t Prev = previousLine(Text, Offset);
    if (Prev == llvm::StringRef::npos)
      return Offset;
    llvm::StringRef Line = Text.slice(Prev, Offset).trim();
    if (Line.starts_with("//")) {
      Offset = Prev;
      continue;
    }
    if (!Line.ends_with("*/"))
      return Offset;
    // The block comment's opening, searched back from its end.
    size_t Open = Text.take_front(Offset).rfind("/*");
    if (Open == llvm::StringRef::npos)
      return Offset;
    size_t OpenLine = Text.rfind('\n', Open);
    OpenLine = OpenLine == llvm::StringRef::npos ? 0 : OpenLine + 1;
    if (!Text.slice(OpenLine, Open).trim().empty())
      return Offset;
    Offset = OpenLine;
  }
}

} // namespace

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
  llvm::StringRef Text = SM.getBufferData(Main);
  size_t Offset = SM.getFileOffset(At);
  return At.getLocWithOffset(static_cast<int>(aboveComments(Text, Offset)) -
                             static_cast<int>(Offset));
}

} // namespace tilec
