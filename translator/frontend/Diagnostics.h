//===- Diagnostics.h - Report tilec's messages through Clang ----*- C++ -*-===//
//
// Every error reaches the user as `file:line:col: error: ...` with a caret,
// through Clang's DiagnosticsEngine. The messages live in Diagnostics.def.
// Clang does not map custom diagnostics through -W flags, so each warning is
// registered at the level the WarningPolicy gives it, with its flag shown
// as Clang shows its own (`[-Wtilec-unused-array]`).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_DIAGNOSTICS_H
#define TILEC_FRONTEND_DIAGNOSTICS_H

#include "frontend/WarningPolicy.h"

#include "clang/Basic/Diagnostic.h"

namespace tilec {

enum class Diag {
#define TILEC_DIAG(Name, Level, Format) Name,
#include "frontend/Diagnostics.def"
#undef TILEC_DIAG
  Count
};

class DiagnosticReporter {
public:
  explicit DiagnosticReporter(clang::DiagnosticsEngine &Engine,
                              const WarningPolicy &Warnings = {});

  clang::DiagnosticBuilder report(clang::SourceLocation Loc, Diag D);
  bool hasErrors() const { return Engine.hasErrorOccurred(); }

private:
  clang::DiagnosticsEngine &Engine;
  unsigned IDs[static_cast<unsigned>(Diag::Count)];
};

} // namespace tilec

#endif
