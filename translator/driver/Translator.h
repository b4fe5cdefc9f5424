//===- Translator.h - Translate one C file: parse, lower, emit --*- C++ -*-===//
#ifndef TILEC_DRIVER_TRANSLATOR_H
#define TILEC_DRIVER_TRANSLATOR_H

#include "codegen/Backend.h"
#include "driver/ApspLowering.h"
#include "driver/Pipeline.h"
#include "ir/SizeAssumptions.h"
#include "tuning/DeviceProfile.h"

#include <string>
#include <vector>

namespace tilec {

struct TranslatorOptions {
  Target TargetKind = Target::OpenCL;
  FPModel FP = FPModel::Strict;
  DeviceProfile Device;
  bool DumpIR = false; ///< Print the IR after the pipeline.
  /// Sizes tuning assumes for those known only at run time (--assume).
  ir::SizeAssumptions Sizes;
  bool DumpIRAfterAll =
      false;               ///< Print the IR after the builder and each pass.
  bool DumpParams = false; ///< Print each region's parameter vector.
  bool Explain = false;    ///< Print why each region's mapping was chosen.
  PipelineOptions Pipeline;
  ApspLoweringOptions Apsp;           ///< For `#pragma apsp` regions.
  std::vector<std::string> ClangArgs; ///< After `--`: -D, -I, ...
  std::string ResourceDir;            ///< Clang's builtin headers.
};

struct TranslationResult {
  std::vector<OutputFile> Files; ///< Empty when there were errors.
  unsigned RegionCount = 0;      ///< Stencil and apsp regions.
};

/// Parses `Input` with Clang, builds and lowers every stencil region and
/// prints the target code. Diagnostics go to stderr; IR dumps to stdout.
/// Returns false if any error was reported, and then no files.
bool translateFile(const std::string &Input, const TranslatorOptions &Options,
                   TranslationResult &Result);

/// Writes the files into `Directory` (created if needed) all or nothing:
/// each goes to a temporary file first, and only when all are written are
/// they renamed into place.
bool writeOutputs(const std::vector<OutputFile> &Files,
                  const std::string &Directory, std::string &Error);

} // namespace tilec

#endif
