//===- DependencyFile.cpp - make dependencies for translated sources ------===//
#include "driver/cc/DependencyFile.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace tilec::cc {

Expected<DependencyRule> parseDependencyRule(StringRef Text) {
  // Continuation lines first: "a.o: a.c \<newline> a.h" is one line.
  std::string Joined;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      Joined += ' ';
      ++I;
    } else if (Text[I] == '\\' && Text.substr(I + 1).starts_with("\r\n")) {
      Joined += ' ';
      I += 2;
    } else
      Joined += Text[I];
  }
  StringRef Line = StringRef(Joined).split('\n').first;
  // The targets end at the first colon that ends a word.
  size_t Colon = StringRef::npos;
  for (size_t I = 0; I < Line.size(); ++I) {
    if (Line[I] == '\\') {
      ++I;
      continue;
    }
    if (Line[I] == ':' && (I + 1 == Line.size() || isSpace(Line[I + 1]))) {
      Colon = I;
      break;
    }
  }
  if (Colon == StringRef::npos)
    return createStringError(inconvertibleErrorCode(),
                             "no rule in the compiler's dependency file");
  DependencyRule Rule;
  Rule.Targets = Line.take_front(Colon).trim().str();
  // Make's escapes: "\ " and "\#" in names, "$$" for "$".
  std::string Word;
  StringRef Rest = Line.drop_front(Colon + 1);
  for (size_t I = 0; I <= Rest.size(); ++I) {
    if (I == Rest.size() || isSpace(Rest[I])) {
      if (!Word.empty())
        Rule.Prerequisites.push_back(Word);
      Word.clear();
    } else if (Rest[I] == '\\' && I + 1 < Rest.size() &&
               (Rest[I + 1] == ' ' || Rest[I + 1] == '#')) {
      Word += Rest[++I];
    } else if (Rest[I] == '$' && I + 1 < Rest.size() && Rest[I + 1] == '$') {
      Word += '$';
      ++I;
    } else
      Word += Rest[I];
  }
  return Rule;
}

static std::string escape(StringRef Name) {
  std::string Out;
  for (char C : Name) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

std::string printDependencyRule(const DependencyRule &Rule, bool PhonyTargets) {
  std::string Out = Rule.Targets + ":";
  for (const std::string &P : Rule.Prerequisites)
    Out += " \\\n " + escape(P);
  Out += "\n";
  if (PhonyTargets)
    for (size_t I = 1; I < Rule.Prerequisites.size(); ++I)
      Out += "\n" + escape(Rule.Prerequisites[I]) + ":\n";
  return Out;
}

void rewriteDependencies(DependencyRule &Rule, const DependencyRewrite &R) {
  std::string Dir = R.WorkDir + "/";
  std::vector<std::string> Kept;
  for (const std::string &P : Rule.Prerequisites) {
    std::string Name = P == R.TranslatedSource ? R.UserSource : P;
    if (StringRef(Name).starts_with(Dir))
      continue;
    if (std::find(Kept.begin(), Kept.end(), Name) == Kept.end())
      Kept.push_back(Name);
  }
  for (const std::string &A : R.Added)
    if (std::find(Kept.begin(), Kept.end(), A) == Kept.end())
      Kept.push_back(A);
  Rule.Prerequisites = std::move(Kept);
}

} // namespace tilec::cc
