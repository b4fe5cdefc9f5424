//===- Diagnostics.cpp - Register tilec's messages with Clang ------------===//
#include "frontend/Diagnostics.h"

namespace tilec {

namespace {

/// A warning's ID at the level the policy gives it, its flag shown as
/// Clang shows its own.
unsigned warningID(clang::DiagnosticsEngine &Engine,
                   const WarningPolicy &Warnings, const std::string &Flag,
                   const std::string &Format) {
  clang::DiagnosticIDs &IDs = *Engine.getDiagnosticIDs();
  switch (Warnings.levelOf(Flag)) {
  case WarningPolicy::Level::Ignored:
    return IDs.getCustomDiagID(clang::DiagnosticIDs::Ignored, Format);
  case WarningPolicy::Level::Warning:
    return IDs.getCustomDiagID(clang::DiagnosticIDs::Warning,
                               Format + " [-Wtilec-" + Flag + "]");
  case WarningPolicy::Level::Error:
    return IDs.getCustomDiagID(clang::DiagnosticIDs::Error,
                               Format + " [-Werror,-Wtilec-" + Flag + "]");
  }
  return 0;
}

} // namespace

DiagnosticReporter::DiagnosticReporter(clang::DiagnosticsEngine &Engine,
                                       const WarningPolicy &Warnings)
    : Engine(Engine) {
#define TILEC_DIAG(Name, Level, Format)                                        \
  IDs[static_cast<unsigned>(Diag::Name)] =                                     \
      Engine.getCustomDiagID(clang::DiagnosticsEngine::Level, Format);
#define TILEC_WARNING(Name, Flag, Format)                                      \
  IDs[static_cast<unsigned>(Diag::Name)] =                                     \
      warningID(Engine, Warnings, Flag, Format);
#include "frontend/Diagnostics.def"
#undef TILEC_DIAG
}

clang::DiagnosticBuilder DiagnosticReporter::report(clang::SourceLocation Loc,
                                                    Diag D) {
  return Engine.Report(Loc, IDs[static_cast<unsigned>(D)]);
}

} // namespace tilec
