//===- SlabModel.cpp - Predicted run time on several devices -------------===//
#include "tuning/SlabModel.h"

#include "ir/SlabView.h"
#include "tuning/ByteFlopRatio.h"
#include "tuning/RunTimeModel.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

namespace tilec {

using namespace ir;

namespace {

/// Bytes of one row along axis 0 of field `I`, components included.
double rowBytes(const StencilRegion &R, unsigned I) {
  double Bytes = static_cast<double>(elementBytes(R.Fields[I].Type));
  for (unsigned A = 1; A < R.dims(); ++A)
    Bytes *= static_cast<double>(R.Axes[A].Extent);
  for (int64_t C : R.Fields[I].ComponentExtents)
    Bytes *= static_cast<double>(C);
  return Bytes;
}

/// The vector the region was mapped with, as the one-device model takes it.
std::optional<ParameterVector> mappedVector(const StencilRegion &R) {
  if (!R.Map.tiled())
    return std::nullopt;
  const auto &G = R.Map.WorkGroup;
  unsigned D = R.dims();
  return ParameterVector{
      G[D - 1],        D > 1 ? G[D - 2] : 1, D > 2 ? G[D - 3] : 1,
      R.Map.TimeBlock, R.Map.StreamPoints,   R.Map.AskedChunk};
}

/// Peer-to-peer copies between devices: the profile's figures, else through
/// host memory (the host link both ways) and the host link's latency.
/// Copies between peers run side by side, each device's over its own links;
/// copies through the host share it, one after another.
struct PeerLink {
  double Bandwidth, Latency;
  std::string BandwidthSource, LatencySource;
  bool SideBySide = false;
};

PeerLink peerLink(const DeviceProfile &D, unsigned Dims) {
  ModelFigures M = modelFigures(D, Dims);
  PeerLink L;
  auto B = D.Figures.find("peer_bandwidth_gbs");
  if (B != D.Figures.end()) {
    L.Bandwidth = B->second.Value * 1e9;
    L.BandwidthSource = B->second.Source + " peer_bandwidth_gbs";
    L.SideBySide = true;
  } else {
    L.Bandwidth = 1 / (1 / M.B1 + 1 / M.B3);
    L.BandwidthSource = "through the host (B1, B3)";
  }
  auto Lat = D.Figures.find("peer_latency_us");
  if (Lat != D.Figures.end()) {
    L.Latency = Lat->second.Value * 1e-6;
    L.LatencySource = Lat->second.Source + " peer_latency_us";
  } else {
    L.Latency = M.L1;
    L.LatencySource = "L1, " + M.L1Source;
  }
  return L;
}

/// One exchange on P devices. Side by side, it lasts as long as the copies
/// into the busiest slab, which come one after another on its exchange
/// stream: a middle slab's two (one on two devices). Through the host, every
/// neighbouring pair's two copies one after another.
double exchangeSeconds(const SlabTraffic &S, const PeerLink &Link, unsigned P) {
  if (P < 2)
    return 0;
  double Below = static_cast<double>(S.HaloBelow);
  double Above = static_cast<double>(S.HaloAbove);
  double Copy = Link.Latency;
  double PerRow = S.ExchangedBytesPerRow / Link.Bandwidth;
  if (!Link.SideBySide)
    return (P - 1) * (2 * Copy + (Below + Above) * PerRow);
  if (P == 2)
    return Copy + std::max(Below, Above) * PerRow;
  return 2 * Copy + (Below + Above) * PerRow;
}

} // namespace

SlabTraffic slabTraffic(const StencilRegion &R) {
  SlabTraffic S;
  S.Rows = R.Axes[0].Extent;
  SlabHalo H = slabHalo(R);
  S.HaloBelow = H.Below;
  S.HaloAbove = H.Above;
  S.SingleLaunchReason = slabSingleLaunchReason(R);
  S.Overlapped = S.SingleLaunchReason.empty();
  S.ComputesHalo = !S.Overlapped &&
                   (R.Map.fused() || (!R.multiStage() && slabTimeBlock(R) > 1));
  for (unsigned I : slabExchangedFields(R))
    S.ExchangedBytesPerRow += rowBytes(R, I);
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    S.HeldBytesPerRow += rowBytes(R, I) * (1 + (R.Map.fused() ? 1 : 0));
  int64_t Steps = std::max<int64_t>(R.Time.StepCount, 1);
  if (R.multiStage() && !R.Map.fused()) {
    int64_t CalcStages = 0;
    for (const Stage &St : R.Stages)
      CalcStages += St.StageKind == Stage::Calc;
    S.Exchanges = Steps * CalcStages;
  } else {
    int64_t T = std::max<int64_t>(R.Map.TimeBlock, 1);
    S.Exchanges = (Steps + T - 1) / T;
  }
  return S;
}

std::vector<DevicePrediction>
predictOnDevices(const StencilRegion &Region, const DeviceProfile &Device,
                 const std::vector<unsigned> &Devices) {
  StencilFeatures F = analyseStencil(Region);
  Prediction One = predictRunTime(F, Device, mappedVector(Region));
  SlabTraffic S = slabTraffic(Region);
  PeerLink Link = peerLink(Device, F.Dims);
  double Kernels = One.Launches * One.KernelSeconds;
  double Latency = One.Launches * (One.T2 - One.KernelSeconds);
  double Rows = static_cast<double>(S.Rows);
  std::vector<DevicePrediction> Out;
  for (unsigned P : Devices) {
    DevicePrediction D;
    D.Devices = P;
    double Owned = std::ceil(Rows / P);
    double Halo = P > 1 ? static_cast<double>(S.HaloBelow + S.HaloAbove) : 0;
    double Computed = std::min(Rows, Owned + (S.ComputesHalo ? Halo : 0));
    bool Parts = S.Overlapped && P > 1;
    D.KernelSeconds =
        Kernels * Computed / Rows + (Parts ? 3 * P - 2 : P) * Latency;
    double Exchange = exchangeSeconds(S, Link, P);
    if (Parts) {
      // The exchange runs beside the launch of the rows between the edges.
      double Edge = static_cast<double>(std::max(S.HaloBelow, S.HaloAbove));
      double Rest = std::max(0.0, Owned - 2 * Edge);
      Exchange = std::max(0.0, Exchange - One.KernelSeconds * Rest / Rows);
    }
    D.ExchangeSeconds = static_cast<double>(S.Exchanges) * Exchange;
    D.Seconds = One.T1 + One.T3 + D.KernelSeconds + D.ExchangeSeconds;
    D.BytesPerDevice = std::min(Rows, Owned + Halo) * S.HeldBytesPerRow;
    Out.push_back(D);
  }
  return Out;
}

std::string explainDevices(const StencilRegion &Region,
                           const DeviceProfile &Device) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  SlabTraffic S = slabTraffic(Region);
  PeerLink Link = peerLink(Device, Region.dims());
  OS << "  several devices (TILEC_DEVICES): one slab of rows along "
     << Region.axisName(0) << " per device, each holding " << S.HaloBelow
     << " row(s) below and " << S.HaloAbove << " above its own, exchanged "
     << S.Exchanges << " time(s)"
     << (S.ComputesHalo ? "; launches compute the halo rows too" : "") << "\n";
  if (S.Overlapped)
    OS << "  each slab launches first the rows its neighbours read, then the "
          "rest: the exchange runs beside the rest\n";
  else
    OS << "  each exchange waits for the whole launch (" << S.SingleLaunchReason
       << ")\n";
  OS << "  predicted on P devices (SlabModel.h: T1 + T3 + kernels on "
        "ceil(rows/P) rows + exchanges, "
     << (Link.SideBySide ? "the slabs' copies side by side"
                         : "copies one after another through the host")
     << "; copies at " << llvm::format("%.4g", Link.Bandwidth / 1e9)
     << " GB/s (" << Link.BandwidthSource << "), "
     << formatSeconds(Link.Latency) << " (" << Link.LatencySource
     << ") each):\n";
  std::vector<DevicePrediction> P =
      predictOnDevices(Region, Device, {1, 2, 4, 8});
  double Memory = Device.figure("device_memory_bytes").value_or(0);
  for (const DevicePrediction &D : P) {
    OS << "    " << D.Devices << (D.Devices == 1 ? " device:  " : " devices: ")
       << formatSeconds(D.Seconds) << " (kernels "
       << formatSeconds(D.KernelSeconds) << ", exchanges "
       << formatSeconds(D.ExchangeSeconds) << "); speed-up "
       << llvm::format("%.2f", P[0].Seconds / D.Seconds)
       << ", kernels and exchanges "
       << llvm::format("%.2f", P[0].KernelSeconds /
                                   (D.KernelSeconds + D.ExchangeSeconds))
       << "; " << llvm::format("%.3g", D.BytesPerDevice / 1e9)
       << " GB per device";
    if (Memory > 0 && D.BytesPerDevice > Memory)
      OS << " (more than the device's " << llvm::format("%.3g", Memory / 1e9)
         << " GB)";
    OS << "\n";
  }
  return Out;
}

std::vector<std::string> explainApspDevices(const ir::ApspRegion &Region,
                                            const DeviceProfile &Device) {
  const ir::FwParams &P = Region.Params;
  PeerLink Link = peerLink(Device, 2);
  double N = static_cast<double>(P.PaddedN);
  double Tiles = static_cast<double>(P.tiles());
  double Element = Region.Type == ApspElementType::Double ? 8 : 4; // int, float
  double RowBytes = N * (Element + (Region.Path ? 4 : 0));
  std::optional<double> MinPlus = Device.figure("min_plus_gops");
  double Rate =
      (MinPlus ? *MinPlus : Device.figure("peak_gflops").value_or(1000) / 2) *
      1e9;
  double Memory = Device.figure("device_memory_bytes").value_or(0);
  std::vector<std::string> Out;
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  OS << "several devices (TILEC_DEVICES): tile rows of " << P.Tile
     << " spread over the devices; per round the pivot row ("
     << llvm::format("%.3g", P.Tile * RowBytes / 1e6)
     << " MB) goes to each other device"
     << (Link.SideBySide ? ", side by side," : ", one after another,") << " at "
     << llvm::format("%.4g", Link.Bandwidth / 1e9) << " GB/s ("
     << Link.BandwidthSource << "), " << formatSeconds(Link.Latency) << " ("
     << Link.LatencySource << ") each; updates at "
     << llvm::format("%.4g", Rate / 1e12) << " T/s ("
     << (MinPlus ? "min_plus_gops" : "peak_gflops / 2") << ")";
  Out.push_back(OS.str());
  double One = N * N * N / Rate;
  for (unsigned Devices : {1u, 2u, 4u, 8u}) {
    double Own = std::ceil(Tiles / Devices);
    double Compute = One * Own / Tiles;
    // The holder sends the pivot row to every other device over its own
    // links (their latencies overlap), or one after another through the host.
    double Others = Devices - 1;
    double Send = P.Tile * RowBytes / Link.Bandwidth;
    double Sends = Devices == 1      ? 0
                   : Link.SideBySide ? Tiles * (Link.Latency + Others * Send)
                                     : Tiles * Others * (Link.Latency + Send);
    double Bytes = (Own + (Devices > 1)) * P.Tile * RowBytes;
    Line.clear();
    OS << "  " << Devices << (Devices == 1 ? " device:  " : " devices: ")
       << formatSeconds(Compute + Sends) << " (updates "
       << formatSeconds(Compute) << ", pivot rows " << formatSeconds(Sends)
       << "); speed-up " << llvm::format("%.2f", One / (Compute + Sends))
       << "; " << llvm::format("%.3g", Bytes / 1e9) << " GB per device";
    if (Memory > 0 && Bytes > Memory)
      OS << " (more than the device's " << llvm::format("%.3g", Memory / 1e9)
         << " GB)";
    Out.push_back(OS.str());
  }
  return Out;
}

} // namespace tilec
