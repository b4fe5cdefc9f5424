//===- PragmaLine.h - Where one recorded pragma line is ----------*- C++
//-*-===//
//
// Every tilec pragma handler (`#pragma stencil`, `#pragma apsp`) records the
// same facts about a line: where it starts, where each token is, and whether
// it came from a macro. lexPragmaLine() reads the rest of the line into
// Clang-free tokens for the clause parsers.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_PRAGMALINE_H
#define TILEC_DIRECTIVES_PRAGMALINE_H

#include "tilec/directives/DirectiveToken.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Pragma.h"

#include <vector>

namespace tilec {

struct PragmaLine {
  clang::SourceLocation HashLoc; ///< The '#' (or _Pragma) introducing it.
  clang::SourceLocation NameLoc; ///< The directive keyword, e.g. `calc`.
  clang::SourceLocation EndLoc;  ///< End of the pragma line.
  std::vector<clang::SourceLocation> TokenLocs;
  bool FromMacro = false; ///< Came from a macro expansion (_Pragma).

  clang::SourceLocation tokenLoc(unsigned Index) const {
    return Index < TokenLocs.size() ? TokenLocs[Index] : EndLoc;
  }
};

/// Reads the tokens after the pragma's namespace up to the end of the line,
/// filling `Line` with their locations.
std::vector<DirectiveToken> lexPragmaLine(clang::Preprocessor &PP,
                                          clang::PragmaIntroducer Introducer,
                                          const clang::Token &FirstToken,
                                          PragmaLine &Line);

} // namespace tilec

#endif
