//===- ClauseParser.cpp - Parse one #pragma stencil line -----------------===//
//
// Grammar (after `#pragma stencil`):
//   begin | end | copy
//   step '(' ident ':' (const-expr | run-time expression) ')'
//   dimension '(' ident (',' ident){0,2} ')'
//   calc [ reduction '(' ('+' | min | max) ':' ident ')' ]
//   data '(' arrays ')'
//   data ( source '(' arrays ')' | destination '(' arrays ')' )+
//   arrays := type ident ('[' extent ']')+ (',' type ident (...)+)*
//   extent := const-expr | an expression naming variables (run-time)
//   type   := float | double | int
// Constant expressions are integer expressions over + - * / % and parentheses;
// macros have already been expanded by the preprocessor.
//
//===----------------------------------------------------------------------===//
#include "tilec/directives/ClauseParser.h"

#include "DirectiveCursor.h"

#include <map>
#include <set>

namespace tilec {
namespace {

class ClauseParser : public DirectiveCursor {
public:
  using DirectiveCursor::DirectiveCursor;

  DirectiveParseResult run() {
    Directive D;
    if (parseDirective(D))
      return D;
    return Error;
  }

private:
  bool parseDirective(Directive &D) {
    static const std::map<std::string, DirectiveKind> Kinds = {
        {"begin", DirectiveKind::Begin},
        {"end", DirectiveKind::End},
        {"step", DirectiveKind::Step},
        {"data", DirectiveKind::Data},
        {"dimension", DirectiveKind::Dimension},
        {"calc", DirectiveKind::Calc},
        {"copy", DirectiveKind::Copy}};
    if (atEnd())
      return fail("expected a stencil directive (begin, step, data, "
                  "dimension, calc, copy or end)");
    auto It = isIdentifier() ? Kinds.find(text()) : Kinds.end();
    if (It == Kinds.end())
      return fail("unknown stencil directive '" + text() + "'");
    D.Kind = It->second;
    ++Pos;
    bool Ok = true;
    switch (D.Kind) {
    case DirectiveKind::Begin:
    case DirectiveKind::End:
    case DirectiveKind::Copy:
      break;
    case DirectiveKind::Step:
      Ok = parseStep(D);
      break;
    case DirectiveKind::Dimension:
      Ok = parseDimension(D);
      break;
    case DirectiveKind::Calc:
      Ok = parseCalc(D);
      break;
    case DirectiveKind::Data:
      Ok = parseData(D);
      break;
    }
    if (Ok && !atEnd())
      return fail("unexpected " + found() + " after '#pragma stencil " +
                  directiveName(D.Kind) + "'");
    return Ok;
  }

  bool parseStep(Directive &D) {
    if (!expectPunct("("))
      return false;
    // `step(t:N)` names the counter; `step(N)` a loop without one. A name
    // followed by a name or a number (`step(t 10)`) lacks its ':'; a
    // leading ':' its name.
    bool Named = false;
    if (Pos + 1 < Tokens.size() && isIdentifier()) {
      const DirectiveToken &Next = Tokens[Pos + 1];
      Named = Next.TokKind != DirectiveToken::Punct || Next.Text == ":";
    }
    bool NamesCounter =
        Named ||
        (Pos < Tokens.size() && Tokens[Pos].TokKind == DirectiveToken::Punct &&
         Tokens[Pos].Text == ":");
    if (NamesCounter &&
        (!parseIdentifier(D.TimeVariable, "the time-loop variable") ||
         !expectPunct(":")))
      return false;
    unsigned CountToken = Pos;
    // A count that names variables (`step(t:nn)`): the time loop counts
    // the steps; this text only documents them.
    if (runTimeExpression(")", "the step count", D.StepCountText))
      return expectPunct(")");
    if (!Error.Message.empty())
      return false;
    if (!parseConstant(D.StepCount))
      return false;
    if (D.StepCount < 0)
      return failAt(CountToken, "step count must not be negative");
    return expectPunct(")");
  }

  bool parseDimension(Directive &D) {
    if (!expectPunct("("))
      return false;
    std::set<std::string> Seen;
    do {
      NamedVariable V;
      if (!parseIdentifier(V, "a loop variable"))
        return false;
      if (!Seen.insert(V.Name).second)
        return failAt(V.Token, "loop variable '" + V.Name +
                                   "' named twice in dimension");
      if (D.Axes.size() == 3)
        return failAt(V.Token, "dimension takes at most 3 loop variables");
      D.Axes.push_back(V);
    } while (consumePunct(","));
    return expectPunct(")");
  }

  bool parseCalc(Directive &D) {
    if (atEnd())
      return true;
    if (!isIdentifier() || text() != "reduction")
      return fail("unknown clause " + found() +
                  " on calc; expected "
                  "'reduction'");
    ++Pos;
    if (!expectPunct("("))
      return false;
    ReductionSpec R;
    if (isPunct("+"))
      R.Op = ReductionOp::Sum;
    else if (isIdentifier() && text() == "min")
      R.Op = ReductionOp::Min;
    else if (isIdentifier() && text() == "max")
      R.Op = ReductionOp::Max;
    else
      return fail("expected a reduction operator ('+', 'min' or 'max'), "
                  "found " +
                  found());
    ++Pos;
    NamedVariable V;
    if (!expectPunct(":") || !parseIdentifier(V, "the reduction variable") ||
        !expectPunct(")"))
      return false;
    R.Variable = V.Name;
    R.VariableToken = V.Token;
    D.Reduction = R;
    return true;
  }

  bool parseData(Directive &D) {
    std::set<std::string> Names;
    // `data(...)`: the arrays without roles; the front end infers them.
    if (isPunct("(")) {
      D.RoleFree = true;
      ++Pos;
      if (!parseArrays(D.Sources, Names) || !expectPunct(")"))
        return false;
      if (!atEnd())
        return fail("unexpected " + found() +
                    " after data(...); give either data(...) or "
                    "source(...) destination(...)");
      return true;
    }
    bool SawSource = false, SawDestination = false;
    unsigned DataEnd = Pos;
    while (!atEnd()) {
      bool IsSource = isIdentifier() && text() == "source";
      bool IsDestination = isIdentifier() && text() == "destination";
      if (!IsSource && !IsDestination)
        return fail("unknown data clause " + found() +
                    "; expected '(', 'source' or 'destination'");
      bool &Seen = IsSource ? SawSource : SawDestination;
      if (Seen)
        return fail("'" + text() + "' clause given twice");
      Seen = true;
      ++Pos;
      if (!expectPunct("(") ||
          !parseArrays(IsSource ? D.Sources : D.Destinations, Names) ||
          !expectPunct(")"))
        return false;
    }
    if (!SawSource)
      return failAt(SawDestination ? Pos : DataEnd,
                    "data directive needs a source(...) clause");
    if (!SawDestination)
      return failAt(Pos, "data directive needs a destination(...) clause");
    return true;
  }

  /// A name other than a C type keyword, followed by the array's name: a
  /// typedef that the front end resolves (`real A[N]`).
  bool isTypedefName() const {
    static const std::set<std::string> TypeKeywords = {
        "char", "short",    "long",     "unsigned", "signed",  "_Bool",
        "bool", "void",     "const",    "volatile", "struct",  "union",
        "enum", "_Complex", "__int128", "half",     "_Float16"};
    return isIdentifier() && !TypeKeywords.count(text()) &&
           Pos + 1 < Tokens.size() &&
           Tokens[Pos + 1].TokKind == DirectiveToken::Identifier;
  }

  bool parseArrays(std::vector<ArraySpec> &Out, std::set<std::string> &Names) {
    do {
      ArraySpec A;
      if (!isIdentifier())
        return fail("expected an element type (float, double or int), found " +
                    found());
      if (text() == "float")
        A.Type = ElementType::Float;
      else if (text() == "double")
        A.Type = ElementType::Double;
      else if (text() == "int")
        A.Type = ElementType::Int;
      else if (isTypedefName()) {
        A.TypeName = text();
        A.TypeToken = Pos;
      } else
        return fail("unsupported element type '" + text() +
                    "'; expected float, double or int");
      ++Pos;
      NamedVariable Name;
      if (!parseIdentifier(Name, "an array name"))
        return false;
      A.Name = Name.Name;
      A.NameToken = Name.Token;
      if (!Names.insert(A.Name).second)
        return failAt(Name.Token, "array '" + A.Name +
                                      "' appears twice in the data clause");
      if (!isPunct("["))
        return fail("expected '[' and the extents of array '" + A.Name + "'");
      while (isPunct("[")) {
        ++Pos;
        unsigned ExtentToken = Pos;
        int64_t Extent = 0;
        std::string Text;
        A.ExtentTokens.push_back(ExtentToken);
        if (runTimeExpression("]", "the extent", Text)) {
          // Checked at run time; 0 until the front end assumes a value.
          A.Extents.push_back(0);
          A.ExtentTexts.push_back(Text);
          if (!expectPunct("]"))
            return false;
          continue;
        }
        if (!Error.Message.empty() || !parseConstant(Extent))
          return false;
        if (Extent <= 0)
          return failAt(ExtentToken, "array extent must be positive");
        A.Extents.push_back(Extent);
        A.ExtentTexts.push_back("");
        if (!expectPunct("]"))
          return false;
      }
      Out.push_back(std::move(A));
    } while (consumePunct(","));
    return true;
  }
};

} // namespace

DirectiveParseResult parseDirective(const std::vector<DirectiveToken> &Tokens) {
  return ClauseParser(Tokens).run();
}

} // namespace tilec
