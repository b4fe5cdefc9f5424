//===- DeviceProfile.h - What tilec knows about a target device -*- C++ -*-===//
//
// A profile is a small JSON file, one per device, shipped with tilec
// (translator/profiles/, installed to share/tilec/profiles/). Every figure
// says where it came from ("datasheet", "paper" or "measured"), because the
// parameter search trusts them. See docs/device-profiles.md for the schema.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TARGET_DEVICEPROFILE_H
#define TILEC_TARGET_DEVICEPROFILE_H

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

enum class DeviceKind { GPU, Phi, CPU };

struct Figure {
  double Value = 0;
  std::string Source; ///< datasheet | paper | measured
  /// A figure of several values ("values" instead of "value", e.g. the
  /// size classes size_class_extents_Nd): the values, in the file's order;
  /// empty for a figure of one value.
  std::vector<double> Values{};
};

struct DeviceProfile {
  std::string Name;        ///< Short name, e.g. "h100-sxm".
  std::string Description; ///< e.g. "NVIDIA H100 SXM5 80 GB".
  DeviceKind Kind = DeviceKind::GPU;
  std::string CudaArch; ///< e.g. "sm_90"; empty for non-NVIDIA devices.
  std::string Path;     ///< The file it was read from.
  /// "selection_rule": which rule of the parameter search applies
  /// (paper-gpu, paper-phi, hopper, cpu); empty: chosen by kind.
  std::string SelectionRuleName;
  std::map<std::string, Figure> Figures;

  /// A figure by its schema name, e.g. "max_work_group_size"; nullopt for
  /// a figure of several values.
  std::optional<double> figure(const std::string &Key) const;
  /// A figure of several values ("values": [...]) by its schema name;
  /// nullopt where the profile gives none or gives one value.
  std::optional<std::vector<double>> figureValues(const std::string &Key) const;
  int64_t maxWorkGroupSize() const;
  /// Local memory a kernel can declare statically: local_memory_bytes, but
  /// no more than static_local_memory_bytes where the profile gives it
  /// (48 KiB of static CUDA shared memory on NVIDIA's GPUs).
  int64_t staticLocalMemoryBytes() const;
};

/// Figure names a profile must give; the loader rejects files without them.
extern const char *const RequiredFigures[];

/// Figures a profile gives all of or none of, one group after the other,
/// each group ended by a nullptr and the list by two: the architecture CUDA
/// output is compiled for (cuda_registers_per_sm, ...).
extern const char *const FigureGroups[];

/// Figures that count whole things (registers, work items, planes, T):
/// where given, at least 1.
extern const char *const CountFigures[];

/// Parses a profile from JSON text. `Origin` names it in error messages.
llvm::Expected<DeviceProfile> parseDeviceProfile(llvm::StringRef Json,
                                                 llvm::StringRef Origin);

/// Loads `--device=NAME` (a shipped profile) or `--device=PATH.json`.
llvm::Expected<DeviceProfile> loadDeviceProfile(const std::string &NameOrPath,
                                                const std::string &ProfileDir);

} // namespace tilec

#endif
