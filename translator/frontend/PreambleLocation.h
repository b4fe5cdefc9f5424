//===- PreambleLocation.h - Where emitted code goes ----------*- C++ -*-===//
#ifndef TILEC_FRONTEND_PREAMBLELOCATION_H
#define TILEC_FRONTEND_PREAMBLELOCATION_H

#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"

#include <utility>
#include <vector>

namespace tilec {

/// Records the `#if` ... `#endif` blocks of the main file as the
/// preprocessor reads them.
class ConditionalBlocks : public clang::PPCallbacks {
public:
  explicit ConditionalBlocks(const clang::SourceManager &SM) : SM(SM) {}
  void Endif(clang::SourceLocation Loc, clang::SourceLocation IfLoc) override;

  /// (the `#if`, the `#endif`) of every block in the main file.
  std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>> Blocks;

private:
  const clang::SourceManager &SM;
};

/// Where the emitted includes and host code go: the start of the line of
/// the first declaration in the main file, after the user's own includes
/// and the feature-test macros before them (`#define _POSIX_C_SOURCE` must
/// precede every system header, ours included); moved up to the outermost
/// `#if` around that line, so that the code is there whatever the
/// configuration the output is compiled in, and up over the comment lines
/// right above, so that a comment stays with what it describes.
clang::SourceLocation preambleLocation(clang::ASTContext &Context,
                                       const ConditionalBlocks &Conditionals);

} // namespace tilec

#endif
