//===- Diagnostics.cpp - Register tilec's messages with Clang ------------===//
#include "frontend/Diagnostics.h"

namespace tilec {

DiagnosticReporter::DiagnosticReporter(clang::DiagnosticsEngine &Engine)
    : Engine(Engine) {
#define TILEC_DIAG(Name, Level, Format)                                        \
  IDs[static_cast<unsigned>(Diag::Name)] =                                     \
      Engine.getCustomDiagID(clang::DiagnosticsEngine::Level, Format);
#include "frontend/Diagnostics.def"
#undef TILEC_DIAG
}

clang::DiagnosticBuilder DiagnosticReporter::report(clang::SourceLocation Loc,
                                                    Diag D) {
  return Engine.Report(Loc, IDs[static_cast<unsigned>(D)]);
}

} // namespace tilec
