//===- Translator.h - Translate one C file: parse, lower, emit --*- C++ -*-===//
#ifndef TILEC_DRIVER_TRANSLATOR_H
#define TILEC_DRIVER_TRANSLATOR_H

#include "codegen/Backend.h"
#include "driver/ApspLowering.h"
#include "driver/Pipeline.h"
#include "frontend/WarningPolicy.h"
#include "ir/SizeAssumptions.h"
#include "target/DeviceProfile.h"

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
  std::string ParamsText;             ///< --params as given, for messages.
  ApspLoweringOptions Apsp;           ///< For `#pragma apsp` regions.
  std::vector<std::string> ClangArgs; ///< -D, -I, ... (no warning flags)
  std::string ResourceDir;            ///< Clang's builtin headers.
  /// tilec's warnings as the -W flags among the arguments set them.
  WarningPolicy Warnings;
  /// The input as the user named it, for `#line` in the emitted C so that
  /// the C compiler's messages name the user's file and lines.
  std::string InputDisplayName;
  /// Where the emitted C file will be written, for `#line` before the
  /// code tilec wrote (empty: its bare name).
  std::string OutputDisplayName;
  /// The stem of the output files (`heat_gpu` for heat_gpu.c,
  /// heat_gpu_tilec.cu ...); empty: the input's.
  std::string OutputStem;
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

} // namespace tilec

#endif
