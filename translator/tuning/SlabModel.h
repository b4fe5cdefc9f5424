//===- SlabModel.h - Predicted run time on several devices ------*- C++ -*-===//
//
// With TILEC_DEVICES listing P devices, a region runs as P slabs of rows
// along its slowest axis (ir/SlabView.h, codegen/SlabHost.cpp). The model
// extends the one-device prediction (RunTimeModel.h):
//
//   T(P) = T1 + T3 + K x rows(P) / rows + P x I x L2 + E x X(P)
//
// K is the one-device kernel time of the whole run and I its launches. Each
// device computes the rows of its slab, rows(P) = ceil(rows / P), plus its
// halo rows when a launch runs several steps (or several stages that read
// each other's results), all devices at once; the host issues every slab's
// launch, P x L2. E exchanges each copy the halo rows of what the launch
// wrote between each pair of neighbouring slabs. With the profile's
// peer-to-peer link (NVLink on H100/H200 nodes: bandwidth Bp, latency Lp)
// the copies into different slabs run side by side and those into one slab
// one after another, so an exchange lasts as long as a middle slab's two:
// X(P) = 2 Lp + halo rows x row bytes / Bp (P > 2; one copy of the larger
// halo for P = 2). Through host memory (no peer link in the profile) every
// copy waits for the last: X(P) = (P - 1) x (2 Lp + halo rows x row bytes /
// Bp). A slab that launches in parts computes only its own rows, in three
// launches (the two edges the neighbours read, then the rest: 3P - 2
// launches to issue), and the exchange runs beside the rest: each costs
// max(0, X(P) - the rest's kernel time). T1 and T3 stay: the slabs' rows
// are copied in and out one slab after another. `--explain` prints T(P)
// for 1, 2, 4 and 8 devices and whether the grid fits one device's memory.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TUNING_SLABMODEL_H
#define TILEC_TUNING_SLABMODEL_H

#include "ir/ApspIR.h"
#include "ir/StencilIR.h"
#include "target/DeviceProfile.h"

#include <string>
#include <vector>

namespace tilec {

/// What the slab code of a mapped region does per launch and exchange.
struct SlabTraffic {
  int64_t Rows = 1; ///< Along axis 0.
  int64_t HaloBelow = 0, HaloAbove = 0;
  /// Slabs compute their halo rows too (launches of several steps).
  bool ComputesHalo = false;
  /// Launches in parts (StencilRegion::LaunchParts): the rows the
  /// neighbours read first, then the rest while the exchange runs; else
  /// why not (slabSingleLaunchReason).
  bool Overlapped = false;
  std::string SingleLaunchReason;
  /// Bytes of one row of every field an exchange copies.
  double ExchangedBytesPerRow = 0;
  /// Bytes of one row of every field a device holds.
  double HeldBytesPerRow = 0;
  int64_t Exchanges = 0; ///< Over the whole run.
};

SlabTraffic slabTraffic(const ir::StencilRegion &Region);

struct DevicePrediction {
  unsigned Devices = 1;
  double Seconds = 0;         ///< T(P), transfers included.
  double KernelSeconds = 0;   ///< Kernels and launch latency.
  double ExchangeSeconds = 0; ///< E x X(P).
  double BytesPerDevice = 0;  ///< The largest slab's buffers.
};

/// T(P) for each count in `Devices`, for the mapped `Region`.
std::vector<DevicePrediction>
predictOnDevices(const ir::StencilRegion &Region, const DeviceProfile &Device,
                 const std::vector<unsigned> &Devices);

/// The `--explain` lines: the model's figures and T(P) for 1, 2, 4, 8.
std::string explainDevices(const ir::StencilRegion &Region,
                           const DeviceProfile &Device);

/// The `--explain` lines of an apsp region on 1, 2, 4 and 8 devices: n^3
/// (min, +) updates at the profile's rate (min_plus_gops, else half the
/// peak) spread over the devices' tile rows, plus one send of the pivot
/// row per round to each other device: side by side over peer links, one
/// after another through the host.
std::vector<std::string> explainApspDevices(const ir::ApspRegion &Region,
                                            const DeviceProfile &Device);

} // namespace tilec

#endif
