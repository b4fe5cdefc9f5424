//===- StencilPragmaHandler.h - Record #pragma stencil lines ----*- C++ -*-===//
//
// Following pet (PPCG's front end), the handler only records what each pragma
// said and where; binding directives to loops happens after parsing, in the
// translator's front end. Lines that do not parse are reported through the
// callback and not recorded.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_STENCILPRAGMAHANDLER_H
#define TILEC_DIRECTIVES_STENCILPRAGMAHANDLER_H

#include "tilec/directives/Directive.h"
#include "tilec/directives/PragmaLine.h"

#include "clang/Lex/Pragma.h"

#include <functional>
#include <string>
#include <vector>

namespace tilec {

/// A directive together with the source locations of its tokens.
struct RecordedDirective : PragmaLine {
  Directive D;
};

class StencilPragmaHandler : public clang::PragmaHandler {
public:
  using ErrorCallback =
      std::function<void(clang::SourceLocation, const std::string &)>;

  StencilPragmaHandler(std::vector<RecordedDirective> &Table,
                       ErrorCallback OnError)
      : clang::PragmaHandler("stencil"), Table(Table),
        OnError(std::move(OnError)) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  std::vector<RecordedDirective> &Table;
  ErrorCallback OnError;
};

} // namespace tilec

#endif
