//===- ApspDirective.h - The parsed form of one #pragma apsp line -*- C++
//-*-===//
//
// What one `#pragma apsp ...` line says, independent of Clang
// (docs/directives.md, "apsp"): begin, end, data(T D[N][N]) with an optional
// path(int P[N][N]), and loops(k, i, j). Elements a diagnostic may point at
// keep the index of their token.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_APSPDIRECTIVE_H
#define TILEC_DIRECTIVES_APSPDIRECTIVE_H

#include "tilec/directives/ClauseParser.h"
#include "tilec/directives/Directive.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace tilec {

enum class ApspDirectiveKind { Begin, End, Data, Loops };

const char *apspDirectiveName(ApspDirectiveKind Kind);

/// Element types of the distance matrix.
enum class ApspElementType { Int, Unsigned, Float, Double };

/// The C spelling: "int", "unsigned", "float", "double".
const char *apspElementTypeName(ApspElementType Type);

/// `int D[N][N]` in a data or path clause.
struct ApspMatrixSpec {
  ApspElementType Type = ApspElementType::Int;
  std::string Name;
  int64_t Extent = 0; ///< N; the parser accepts square matrices only.
  /// N known only at run time (`D[n][n]`): its text; Extent is then 0.
  std::string ExtentText;
  unsigned ExtentToken = 0;
  unsigned TypeToken = 0;
  unsigned NameToken = 0;
};

struct ApspDirective {
  ApspDirectiveKind Kind = ApspDirectiveKind::Begin;
  ApspMatrixSpec Distance;            ///< data(...)
  std::optional<ApspMatrixSpec> Path; ///< path(...) after data(...)
  std::vector<NamedVariable> Loops;   ///< loops(k, i, j)
};

using ApspParseResult = std::variant<ApspDirective, DirectiveError>;

/// Parses the tokens after `#pragma apsp`.
ApspParseResult parseApspDirective(const std::vector<DirectiveToken> &Tokens);

} // namespace tilec

#endif
