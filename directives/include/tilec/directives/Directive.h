//===- Directive.h - The parsed form of one #pragma stencil line -*- C++
//-*-===//
//
// A directive is what one `#pragma stencil ...` line says, independent of
// Clang: the clause parser produces it from a token list, the pragma handler
// records it with its source locations, and the front end binds it to loops.
// Every element that a later diagnostic may point at keeps the index of its
// token, so the caller can map it back to a source location.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_DIRECTIVE_H
#define TILEC_DIRECTIVES_DIRECTIVE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

enum class DirectiveKind { Begin, End, Step, Data, Dimension, Calc, Copy };

const char *directiveName(DirectiveKind Kind);

enum class ElementType { Float, Double, Int };

const char *elementTypeName(ElementType Type);

enum class ReductionOp { Sum, Min, Max };

const char *reductionOpName(ReductionOp Op);

/// One array of a `data` clause: `float A[NZ][NY][NX]`.
struct ArraySpec {
  ElementType Type = ElementType::Float;
  /// A type written as a name that is not float, double or int (a typedef,
  /// `real A[N]`): the front end resolves it against the array's
  /// declaration and sets Type. Empty otherwise.
  std::string TypeName;
  unsigned TypeToken = 0;
  std::string Name;
  std::vector<int64_t> Extents; ///< Outermost first, as written in C.
  /// Per extent: the text of one that names variables (`nx`, `n + 2`),
  /// known only at run time (its entry in Extents is then 0), or "".
  std::vector<std::string> ExtentTexts;
  std::vector<unsigned> ExtentTokens;
  unsigned NameToken = 0;

  /// Extent I's run-time text, or "" for a constant.
  const std::string &extentText(size_t I) const {
    static const std::string None;
    return I < ExtentTexts.size() ? ExtentTexts[I] : None;
  }
  bool hasRunTimeExtent() const {
    for (const std::string &T : ExtentTexts)
      if (!T.empty())
        return true;
    return false;
  }
};

/// `reduction(op:var)` on a `calc` directive.
struct ReductionSpec {
  ReductionOp Op = ReductionOp::Sum;
  std::string Variable;
  unsigned VariableToken = 0;
};

/// A loop variable named by `step` or `dimension`.
struct NamedVariable {
  std::string Name;
  unsigned Token = 0;
};

struct Directive {
  DirectiveKind Kind = DirectiveKind::Begin;
  /// step(t:N)
  NamedVariable TimeVariable;
  int64_t StepCount = 0;
  /// step(t:nn) with a count known only at run time: the expression's
  /// text (StepCount is then 0).
  std::string StepCountText;
  /// data source(...) destination(...); or data(...), whose arrays are all
  /// in Sources with RoleFree set (the front end infers the roles).
  std::vector<ArraySpec> Sources;
  std::vector<ArraySpec> Destinations;
  bool RoleFree = false;
  /// dimension(z, y, x): slowest axis first.
  std::vector<NamedVariable> Axes;
  /// calc reduction(op:var)
  std::optional<ReductionSpec> Reduction;
};

} // namespace tilec

#endif
