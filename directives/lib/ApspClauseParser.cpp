//===- ApspClauseParser.cpp - Parse one #pragma apsp line ----------------===//
//
// Grammar (after `#pragma apsp`):
//   begin | end
//   data '(' matrix ')' [ path '(' matrix ')' ]
//   loops '(' ident ',' ident ',' ident ')'
//   matrix := type ident '[' const-expr ']' '[' const-expr ']'
//   type   := int | unsigned [int] | float | double    (path: int only)
//
//===----------------------------------------------------------------------===//
#include "tilec/directives/ApspDirective.h"

#include "DirectiveCursor.h"

#include <map>
#include <set>

namespace tilec {
namespace {

class ApspClauseParser : public DirectiveCursor {
public:
  using DirectiveCursor::DirectiveCursor;

  ApspParseResult run() {
    ApspDirective D;
    if (parseDirective(D))
      return D;
    return Error;
  }

private:
  bool parseDirective(ApspDirective &D) {
    static const std::map<std::string, ApspDirectiveKind> Kinds = {
        {"begin", ApspDirectiveKind::Begin},
        {"end", ApspDirectiveKind::End},
        {"data", ApspDirectiveKind::Data},
        {"loops", ApspDirectiveKind::Loops}};
    if (atEnd())
      return fail("expected an apsp directive (begin, data, loops or end)");
    auto It = isIdentifier() ? Kinds.find(text()) : Kinds.end();
    if (It == Kinds.end())
      return fail("unknown apsp directive '" + text() +
                  "'; expected begin, data, loops or end");
    D.Kind = It->second;
    ++Pos;
    bool Ok = true;
    if (D.Kind == ApspDirectiveKind::Data)
      Ok = parseData(D);
    else if (D.Kind == ApspDirectiveKind::Loops)
      Ok = parseLoops(D);
    if (Ok && !atEnd())
      return fail("unexpected " + found() + " after '#pragma apsp " +
                  apspDirectiveName(D.Kind) + "'");
    return Ok;
  }

  bool parseData(ApspDirective &D) {
    if (!expectPunct("(") || !parseMatrix(D.Distance, false) ||
        !expectPunct(")"))
      return false;
    if (!isKeyword("path"))
      return true;
    ++Pos;
    ApspMatrixSpec P;
    if (!expectPunct("(") || !parseMatrix(P, true) || !expectPunct(")"))
      return false;
    if (P.Name == D.Distance.Name)
      return failAt(P.NameToken, "the path matrix must differ from the "
                                 "distance matrix '" +
                                     P.Name + "'");
    if (P.Extent != D.Distance.Extent || P.ExtentText != D.Distance.ExtentText)
      return failAt(P.NameToken,
                    "path matrix '" + P.Name + "' is " + sizeText(P) + " x " +
                        sizeText(P) + ", but '" + D.Distance.Name + "' is " +
                        sizeText(D.Distance) + " x " + sizeText(D.Distance));
    D.Path = P;
    return true;
  }

  static std::string sizeText(const ApspMatrixSpec &M) {
    return M.ExtentText.empty() ? std::to_string(M.Extent) : M.ExtentText;
  }

  bool parseMatrix(ApspMatrixSpec &M, bool IsPath) {
    M.TypeToken = Pos;
    if (isKeyword("int"))
      M.Type = ApspElementType::Int;
    else if (!IsPath && isKeyword("unsigned"))
      M.Type = ApspElementType::Unsigned;
    else if (!IsPath && isKeyword("float"))
      M.Type = ApspElementType::Float;
    else if (!IsPath && isKeyword("double"))
      M.Type = ApspElementType::Double;
    else
      return fail(IsPath
                      ? "expected 'int' for the path matrix, found " + found()
                      : "expected the distance matrix's element type "
                        "(int, unsigned, float or double), found " +
                            found());
    ++Pos;
    if (M.Type == ApspElementType::Unsigned && isKeyword("int"))
      ++Pos;
    NamedVariable Name;
    if (!parseIdentifier(Name, "a matrix name"))
      return false;
    M.Name = Name.Name;
    M.NameToken = Name.Token;
    std::vector<std::pair<int64_t, unsigned>> Extents;
    std::vector<std::string> Texts; // An extent known only at run time.
    while (isPunct("[")) {
      ++Pos;
      unsigned Token = Pos;
      int64_t Extent = 0;
      std::string Text;
      if (runTimeExpression("]", "the extent", Text)) {
        Extents.push_back({0, Token});
        Texts.push_back(Text);
        if (!expectPunct("]"))
          return false;
        continue;
      }
      if (!Error.Message.empty() || !parseConstant(Extent))
        return false;
      if (Extent <= 0)
        return failAt(Token, "matrix extent must be positive");
      Extents.push_back({Extent, Token});
      Texts.push_back("");
      if (!expectPunct("]"))
        return false;
    }
    if (Extents.size() != 2)
      return failAt(Extents.empty() ? Pos : Extents.back().second,
                    "'" + M.Name + "' must be a square matrix '" + M.Name +
                        "[N][N]'");
    auto Size = [&](int I) {
      return Texts[I].empty() ? std::to_string(Extents[I].first) : Texts[I];
    };
    if (Extents[0].first != Extents[1].first || Texts[0] != Texts[1])
      return failAt(Extents[1].second,
                    "'" + M.Name + "' is not square: " + Size(0) + " x " +
                        Size(1) + "; all-pairs shortest paths needs '" +
                        M.Name + "[N][N]'");
    M.Extent = Extents[0].first;
    M.ExtentText = Texts[0];
    M.ExtentToken = Extents[0].second;
    return true;
  }

  bool parseLoops(ApspDirective &D) {
    if (!expectPunct("("))
      return false;
    std::set<std::string> Seen;
    static const char *const Roles[] = {"the pivot loop variable (k)",
                                        "the row loop variable (i)",
                                        "the column loop variable (j)"};
    for (unsigned I = 0; I < 3; ++I) {
      if (I && !expectPunct(","))
        return false;
      NamedVariable V;
      if (!parseIdentifier(V, Roles[I]))
        return false;
      if (!Seen.insert(V.Name).second)
        return failAt(V.Token,
                      "loop variable '" + V.Name + "' named twice in loops");
      D.Loops.push_back(V);
    }
    if (isPunct(","))
      return fail("loops takes exactly three variables: loops(k, i, j)");
    return expectPunct(")");
  }
};

} // namespace

const char *apspDirectiveName(ApspDirectiveKind Kind) {
  switch (Kind) {
  case ApspDirectiveKind::Begin:
    return "begin";
  case ApspDirectiveKind::End:
    return "end";
  case ApspDirectiveKind::Data:
    return "data";
  case ApspDirectiveKind::Loops:
    return "loops";
  }
  return "?";
}

const char *apspElementTypeName(ApspElementType Type) {
  switch (Type) {
  case ApspElementType::Int:
    return "int";
  case ApspElementType::Unsigned:
    return "unsigned";
  case ApspElementType::Float:
    return "float";
  case ApspElementType::Double:
    return "double";
  }
  return "?";
}

ApspParseResult parseApspDirective(const std::vector<DirectiveToken> &Tokens) {
  return ApspClauseParser(Tokens).run();
}

} // namespace tilec
