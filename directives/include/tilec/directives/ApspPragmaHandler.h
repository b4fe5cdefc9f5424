//===- ApspPragmaHandler.h - Record #pragma apsp lines ----------*- C++ -*-===//
//
// Like StencilPragmaHandler: records what each `#pragma apsp` line said and
// where; the front end binds the lines to the loop nest after parsing.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIRECTIVES_APSPPRAGMAHANDLER_H
#define TILEC_DIRECTIVES_APSPPRAGMAHANDLER_H

#include "tilec/directives/ApspDirective.h"
#include "tilec/directives/PragmaLine.h"

#include "clang/Lex/Pragma.h"

#include <functional>
#include <string>
#include <vector>

namespace tilec {

struct RecordedApspDirective : PragmaLine {
  ApspDirective D;
};

class ApspPragmaHandler : public clang::PragmaHandler {
public:
  using ErrorCallback =
      std::function<void(clang::SourceLocation, const std::string &)>;

  ApspPragmaHandler(std::vector<RecordedApspDirective> &Table,
                    ErrorCallback OnError)
      : clang::PragmaHandler("apsp"), Table(Table),
        OnError(std::move(OnError)) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  std::vector<RecordedApspDirective> &Table;
  ErrorCallback OnError;
};

} // namespace tilec

#endif
