//===- DeviceProfile.cpp - Read device profiles from JSON ----------------===//
#include "target/DeviceProfile.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>

namespace tilec {

const char *const RequiredFigures[] = {
    "compute_units",   "max_work_group_size",
    "warp_width",      "local_memory_bytes",
    "l1_bytes",        "l2_bytes",
    "peak_gflops",     "memory_bandwidth_gbs",
    "min_work_groups", nullptr};

const char *const FigureGroups[] = {"cuda_registers_per_sm",
                                    "cuda_max_registers_per_thread",
                                    "cuda_max_blocks_per_sm", nullptr, nullptr};

const char *const CountFigures[] = {"cuda_registers_per_sm",
                                    "cuda_max_registers_per_thread",
                                    "cuda_max_blocks_per_sm",
                                    "naive_group_items",
                                    "naive_2d_group_width",
                                    "naive_3d_group_min_width",
                                    "naive_3d_group_max_width",
                                    "naive_3d_group_max_height",
                                    "naive_3d_wide_group_planes",
                                    "stream_every_t_up_to_2d",
                                    "stream_every_t_up_to_3d",
                                    "cuda_stream_points_registers",
                                    "cuda_stream_runtime_points_registers",
                                    "cuda_stream_runtime_rows_registers",
                                    "cuda_stream_double_rows_registers",
                                    "opencl_nv_stream_points_registers",
                                    nullptr};

std::optional<double> DeviceProfile::figure(const std::string &Key) const {
  auto It = Figures.find(Key);
  if (It == Figures.end() || !It->second.Values.empty())
    return std::nullopt;
  return It->second.Value;
}

std::optional<std::vector<double>>
DeviceProfile::figureValues(const std::string &Key) const {
  auto It = Figures.find(Key);
  if (It == Figures.end() || It->second.Values.empty())
    return std::nullopt;
  return It->second.Values;
}

int64_t DeviceProfile::maxWorkGroupSize() const {
  return static_cast<int64_t>(figure("max_work_group_size").value_or(256));
}

int64_t DeviceProfile::staticLocalMemoryBytes() const {
  int64_t Bytes =
      static_cast<int64_t>(figure("local_memory_bytes").value_or(0));
  std::optional<double> Static = figure("static_local_memory_bytes");
  return Static ? std::min(Bytes, static_cast<int64_t>(*Static)) : Bytes;
}

static llvm::Error profileError(llvm::StringRef Origin,
                                const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "device profile " + Origin + ": " + Why);
}

llvm::Expected<DeviceProfile> parseDeviceProfile(llvm::StringRef Json,
                                                 llvm::StringRef Origin) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed)
    return profileError(Origin, llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root)
    return profileError(Origin, "expected a JSON object");

  DeviceProfile P;
  P.Path = Origin.str();
  auto Name = Root->getString("name");
  auto Kind = Root->getString("kind");
  if (!Name || !Kind)
    return profileError(Origin, "needs \"name\" and \"kind\"");
  P.Name = Name->str();
  P.Description = Root->getString("description").value_or(*Name).str();
  P.CudaArch = Root->getString("cuda_arch").value_or("").str();
  P.SelectionRuleName = Root->getString("selection_rule").value_or("").str();
  if (*Kind == "gpu")
    P.Kind = DeviceKind::GPU;
  else if (*Kind == "phi")
    P.Kind = DeviceKind::Phi;
  else if (*Kind == "cpu")
    P.Kind = DeviceKind::CPU;
  else
    return profileError(Origin, "\"kind\" must be gpu, phi or cpu, not \"" +
                                    *Kind + "\"");

  const llvm::json::Object *Figures = Root->getObject("figures");
  if (!Figures)
    return profileError(Origin, "needs a \"figures\" object");
  for (const auto &[Key, Value] : *Figures) {
    const llvm::json::Object *F = Value.getAsObject();
    std::optional<double> Number = F ? F->getNumber("value") : std::nullopt;
    const llvm::json::Array *List = F ? F->getArray("values") : nullptr;
    auto Source = F ? F->getString("source") : std::nullopt;
    if ((!Number && !List) || !Source)
      return profileError(Origin, "figure \"" + Key.str() +
                                      "\" needs a numeric \"value\" and a "
                                      "\"source\"");
    if (Number && List)
      return profileError(Origin, "figure \"" + Key.str() +
                                      "\" has both a \"value\" and "
                                      "\"values\"");
    if (*Source != "datasheet" && *Source != "paper" && *Source != "measured")
      return profileError(Origin, "figure \"" + Key.str() +
                                      "\": source must be datasheet, paper "
                                      "or measured");
    Figure Read{Number.value_or(0), Source->str(), {}};
    if (List) {
      for (const llvm::json::Value &Element : *List) {
        std::optional<double> N = Element.getAsNumber();
        if (!N)
          return profileError(Origin, "figure \"" + Key.str() +
                                          "\": \"values\" must be numbers");
        Read.Values.push_back(*N);
      }
      if (Read.Values.empty())
        return profileError(Origin, "figure \"" + Key.str() +
                                        "\": \"values\" must not be empty");
    }
    // Every figure is a size, a time, a rate or a factor: none is
    // negative, and a growth per doubling of zero would make the model's
    // powers of it infinite.
    std::vector<double> Checked =
        List ? Read.Values : std::vector<double>{Read.Value};
    for (double N : Checked) {
      if (!std::isfinite(N) || N < 0)
        return profileError(Origin, "figure \"" + Key.str() +
                                        "\": value must be a finite number "
                                        "of at least 0");
      if (llvm::StringRef(Key).contains("_growth") && N <= 0)
        return profileError(Origin, "figure \"" + Key.str() +
                                        "\": a growth must be positive");
    }
    P.Figures[Key.str()] = std::move(Read);
  }
  for (const char *const *Key = RequiredFigures; *Key; ++Key)
    if (!P.figure(*Key))
      return profileError(Origin,
                          "missing figure \"" + llvm::Twine(*Key) + "\"");
  for (const char *const *Key = CountFigures; *Key; ++Key)
    if (auto It = P.Figures.find(*Key); It != P.Figures.end()) {
      std::optional<double> Count = P.figure(*Key);
      if (!Count || *Count < 1 || *Count != std::floor(*Count))
        return profileError(Origin, "figure \"" + llvm::Twine(*Key) +
                                        "\" must be a whole number of at "
                                        "least 1");
    }
  // The size classes: extents of at least 1 point, ascending (the
  // boundaries between neighbouring classes lie between them).
  for (const auto &[Key, F] : P.Figures) {
    if (!llvm::StringRef(Key).starts_with("size_class_extents_"))
      continue;
    bool Ascending = !F.Values.empty();
    for (size_t I = 0; I < F.Values.size(); ++I)
      Ascending = Ascending && F.Values[I] >= 1 &&
                  F.Values[I] == std::floor(F.Values[I]) &&
                  (I == 0 || F.Values[I] > F.Values[I - 1]);
    if (!Ascending)
      return profileError(Origin, "figure \"" + Key +
                                      "\" needs \"values\": whole numbers "
                                      "of at least 1, ascending");
  }
  if (P.figure("stream_tie_margin").value_or(0) >= 1)
    return profileError(Origin, "figure \"stream_tie_margin\" must be "
                                "below 1");
  for (const char *const *Group = FigureGroups; *Group; ++Group) {
    const char *const *First = Group;
    int Given = 0, Size = 0;
    for (; *Group; ++Group, ++Size)
      Given += P.Figures.count(*Group) ? 1 : 0;
    if (Given != 0 && Given != Size) {
      std::string Names;
      for (const char *const *Key = First; *Key; ++Key)
        Names += std::string(Names.empty() ? "" : ", ") + *Key;
      return profileError(Origin, "figures " + Names +
                                      " go together: give all or none");
    }
  }
  if (P.maxWorkGroupSize() < 1)
    return profileError(Origin, "max_work_group_size must be positive");
  return P;
}

llvm::Expected<DeviceProfile> loadDeviceProfile(const std::string &NameOrPath,
                                                const std::string &ProfileDir) {
  bool IsPath = llvm::StringRef(NameOrPath).ends_with(".json") ||
                NameOrPath.find('/') != std::string::npos;
  std::string Path = NameOrPath;
  if (!IsPath) {
    llvm::SmallString<256> Joined(ProfileDir);
    llvm::sys::path::append(Joined, NameOrPath + ".json");
    Path = Joined.str().str();
  }
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    if (IsPath)
      return profileError(Path, "cannot read: " + Buffer.getError().message());
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "unknown device '" + NameOrPath + "' (no profile " + Path +
            "); see --help for the shipped profiles");
  }
  return parseDeviceProfile((*Buffer)->getBuffer(), Path);
}

} // namespace tilec
