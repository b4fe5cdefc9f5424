//===- FwTile.cpp - Static choice of the blocked Floyd-Warshall tile -----===//
#include "tuning/FwTile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdio>

namespace tilec {

using ir::FwParams;

namespace {

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

std::string fixed(double V, int Digits = 3) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof Buffer, "%.*f", Digits, V);
  return Buffer;
}

int64_t roundUp(int64_t V, int64_t Multiple) {
  return (V + Multiple - 1) / Multiple * Multiple;
}

/// Accumulator registers one thread of the non-pivot kernel may hold: a
/// quarter of the 255 a thread can address leaves room for the pivot
/// fragments and addresses without spilling.
constexpr int64_t AccumulatorBudget = 64;
/// Threads per non-pivot block: four warps, the paper's "several tiles per
/// block" without starving the multiprocessor of blocks. Four tiles of
/// 64 x 64 a block (256 threads) had won while each copy of a slice
/// computed its own offsets, sharing the pivot column's slice four ways;
/// with the offsets computed once (ApspSliceCopy.cpp) two won again, for
/// int and float at both sizes measured (measured: docs/notes/apsp.md,
/// "Two tiles a non-pivot block").
constexpr int64_t RestThreadTarget = 128;
/// Threads per pivot-kernel block.
constexpr int64_t PivotThreadLimit = 1024;

} // namespace

llvm::Expected<FwParams> parseFwParams(llvm::StringRef Text) {
  auto Fail = [&](const llvm::Twine &Why) {
    return failure("invalid --params='" + Text + "': " + Why);
  };
  llvm::StringRef Body = Text;
  if (!Body.consume_front("fw:"))
    return Fail("apsp parameters are written fw:t,TM,TN,l");
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Body.split(Parts, ',');
  if (Parts.size() != 4)
    return Fail("expected four numbers after 'fw:': t,TM,TN,l");
  int64_t V[4];
  const char *Names[4] = {"t", "TM", "TN", "l"};
  for (unsigned I = 0; I < 4; ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] < 1 ||
        !llvm::isPowerOf2_64(V[I]))
      return Fail(llvm::Twine(Names[I]) + " must be a positive power of two");
  if (V[0] < 16)
    return Fail("the tile t must be at least 16");
  if (V[1] > V[0] || V[2] > V[0])
    return Fail("TM and TN must not exceed the tile t");
  FwParams P;
  P.Tile = V[0];
  P.ThreadRows = V[1];
  P.ThreadCols = V[2];
  P.TilesPerBlock = V[3];
  return P;
}

double fwBytesPerOperation(int64_t N, int64_t Tile, int64_t ElementBytes) {
  double n = static_cast<double>(N), t = static_cast<double>(Tile);
  double Bytes = ElementBytes * (4 * n * n * n / t - 2 * n * n);
  double Ops = 2 * n * (n * n - 2 * t + 1);
  return Ops > 0 ? Bytes / Ops : 0;
}

llvm::Expected<FwParams> chooseFwParams(const ir::ApspRegion &R,
                                        const DeviceProfile &Device,
                                        int64_t LocalMemoryLimit,
                                        const std::optional<FwParams> &Override,
                                        std::vector<std::string> &Explain) {
  const int64_t D = R.elementBytes();
  const int64_t MaxGroup = Device.maxWorkGroupSize();
  const int64_t MinGroups =
      static_cast<int64_t>(Device.figure("min_work_groups").value_or(1));
  auto Say = [&](const std::string &Line) { Explain.push_back(Line); };
  Say("apsp region " + R.Name + " (" + R.SourceFile + ":" +
      std::to_string(R.SourceLine) + "): n = " + std::to_string(R.N) +
      (R.runTimeSize() ? std::string(" assumed for ") + R.NText +
                             ", known only at run time" +
                             (R.NGiven ? " (from --assume)"
                                       : " (the default; give --assume to "
                                         "change it)")
                       : "") +
      ", " + apspElementTypeName(R.Type) + " (d = " + std::to_string(D) +
      " bytes)" + (R.Path ? ", with path matrix" : "") + ", device " +
      Device.Name);

  FwParams P;
  if (Override) {
    P = *Override;
    P.Origin = "--params";
    Say("parameters from --params: " + P.str());
  } else {
    P.Origin = "chosen";
    // Step 1: the tile, from the byte/operation balance.
    double Bandwidth =
        Device.figure("memory_bandwidth_gbs").value_or(100) * 1e9;
    std::optional<double> MinPlus = Device.figure("min_plus_gops");
    // One add or one min per instruction slot: half the FMA-counted peak.
    double Ops = MinPlus
                     ? *MinPlus * 1e9
                     : Device.figure("peak_gflops").value_or(1000) * 1e9 / 2;
    double Balance = Bandwidth / Ops;
    Say("step 1 (tile): b/c = " + fixed(Bandwidth / 1e9, 0) + " GB/s / " +
        fixed(Ops / 1e9, 0) + " G ops/s = " + fixed(Balance) +
        " bytes per operation" +
        (MinPlus ? " (min_plus_gops from the profile)"
                 : " (operations: peak_gflops / 2, one add or min per slot)"));
    int64_t Cap = std::max<int64_t>(16, llvm::PowerOf2Ceil(R.N));
    P.Tile = 0;
    for (int64_t T = 16; T <= 256; T *= 2) {
      double Ratio = fwBytesPerOperation(R.N, T, D);
      bool Fits = Ratio < Balance;
      Say("  t = " + std::to_string(T) + ": N_b/N_c = " + fixed(Ratio) +
          (Fits ? " < b/c: memory is not the bottleneck" : " >= b/c"));
      if (Fits || T >= Cap) {
        P.Tile = T;
        if (!Fits)
          Say("  t = " + std::to_string(T) + " already covers n; stop here");
        break;
      }
    }
    if (!P.Tile) {
      P.Tile = 256;
      Say("  no tile up to 256 balances the device; take the largest");
    }
    // Step 2: the pivot kernels keep the pivot tile on chip.
    for (;;) {
      P.PivotRows = 1;
      int64_t Bytes = fwPivotLocalBytes(R, P);
      if (Bytes <= LocalMemoryLimit || P.Tile == 16) {
        Say("step 2 (on chip): the pivot kernels hold the " +
            std::to_string(P.Tile) + " x " + std::to_string(P.Tile) +
            " pivot tile and rows/columns k: " + std::to_string(Bytes) +
            " bytes <= " + std::to_string(LocalMemoryLimit) +
            " bytes of local memory");
        break;
      }
      Say("step 2 (on chip): t = " + std::to_string(P.Tile) + " needs " +
          std::to_string(Bytes) + " bytes of local memory > " +
          std::to_string(LocalMemoryLimit) + "; halve t");
      P.Tile /= 2;
    }
    // Step 3: the register tile of the non-pivot kernel.
    int64_t PerElement = fwRegistersPerElement(R);
    P.ThreadRows = P.ThreadCols = 8;
    while (P.ThreadRows * P.ThreadCols * PerElement > AccumulatorBudget) {
      if (P.ThreadRows >= P.ThreadCols)
        P.ThreadRows /= 2;
      else
        P.ThreadCols /= 2;
    }
    P.ThreadRows = std::min(P.ThreadRows, P.Tile);
    P.ThreadCols = std::min(P.ThreadCols, P.Tile);
    Say("step 3 (registers): each thread of the non-pivot kernel owns " +
        std::to_string(P.ThreadRows) + " x " + std::to_string(P.ThreadCols) +
        " elements (" +
        std::to_string(P.ThreadRows * P.ThreadCols * PerElement) +
        " accumulator registers <= " + std::to_string(AccumulatorBudget) +
        ", so nothing spills to local memory)");
    // Step 4: tiles per block: grow towards four warps while blocks remain.
    P.TilesPerBlock = 1;
    int64_t Tiles = (R.N + P.Tile - 1) / P.Tile;
    for (;;) {
      FwParams Next = P;
      Next.TilesPerBlock *= 2;
      int64_t Threads = Next.blockRows() * Next.blockCols();
      int64_t Blocks = (Tiles + Next.TilesPerBlock - 1) / Next.TilesPerBlock *
                       std::max<int64_t>(Tiles - 1, 1);
      if (Threads > RestThreadTarget || Threads > MaxGroup ||
          Blocks < MinGroups || Next.TilesPerBlock > Tiles)
        break;
      P = Next;
    }
    int64_t Blocks = (Tiles + P.TilesPerBlock - 1) / P.TilesPerBlock *
                     std::max<int64_t>(Tiles - 1, 1);
    Say("step 4 (blocks): " + std::to_string(P.TilesPerBlock) +
        " tile(s) per block, " + std::to_string(P.blockRows() * P.blockCols()) +
        " threads per block (target " + std::to_string(RestThreadTarget) +
        "), " + std::to_string(Blocks) +
        " non-pivot blocks per round (device "
        "wants >= " +
        std::to_string(MinGroups) + ")");
  }

  // Derived fields and checks, for chosen and overriding parameters alike.
  if (P.ThreadRows > P.Tile || P.ThreadCols > P.Tile)
    return failure("TM and TN must not exceed the tile " +
                   std::to_string(P.Tile));
  int64_t Threads = P.blockRows() * P.blockCols();
  if (Threads > MaxGroup)
    return failure("the non-pivot kernel would need " +
                   std::to_string(Threads) + " threads per block; " +
                   Device.Name + " allows " + std::to_string(MaxGroup));
  P.PaddedN = roundUp(R.N, P.Tile * P.TilesPerBlock);
  int64_t PivotLimit = std::min(MaxGroup, PivotThreadLimit);
  P.PivotRows = 1;
  while (P.Tile * P.Tile / P.PivotRows > PivotLimit)
    P.PivotRows *= 2;
  if (fwPivotLocalBytes(R, P) > LocalMemoryLimit)
    return failure("the pivot kernels need " +
                   std::to_string(fwPivotLocalBytes(R, P)) +
                   " bytes of local memory for t = " + std::to_string(P.Tile) +
                   "; the limit is " + std::to_string(LocalMemoryLimit));
  // Without a path matrix the order of the pivots does not matter to the
  // panel tiles (ApspPanelProduct.cpp): one barrier instead of one per
  // pivot, a shorter launch (measured: docs/notes/apsp.md, "The panel
  // kernel as one product").
  int64_t PanelThreads =
      (P.Tile / FwPanelProductSide) * (P.Tile / FwPanelProductSide);
  P.PanelProduct = !R.Path && PanelThreads <= MaxGroup &&
                   fwPanelProductLocalBytes(R, P) <= LocalMemoryLimit;
  // Round K's non-pivot kernel can close round K + 1's pivot tile in the
  // group that computed it, saving a launch a round (ApspRestKernel.cpp),
  // where its threads cover whole rows of the tile and hold at most 32
  // elements each (64 spilled 136 bytes at fw:64,8,8,1).
  P.PivotInRest =
      !R.Path && Threads % P.Tile == 0 && P.Tile * P.Tile / Threads <= 32;
  P.KChunk = P.Tile;
  while (fwRestLocalBytes(R, P) > LocalMemoryLimit && P.KChunk > 1)
    P.KChunk /= 2;
  if (fwRestLocalBytes(R, P) > LocalMemoryLimit)
    return failure("the non-pivot kernel's slices do not fit in " +
                   std::to_string(LocalMemoryLimit) + " bytes of local memory");
  Say("derived: n padded to " + std::to_string(P.PaddedN) + " (a multiple of " +
      "l * t = " + std::to_string(P.Tile * P.TilesPerBlock) + "), " +
      std::to_string(P.tiles()) + " pivot rounds of " +
      (P.PivotInRest ? "2 launches (3 in round 0: the non-pivot kernel "
                       "closes the next pivot tile)"
                     : "3 launches") +
      "; pivot kernels " + std::to_string(P.Tile) + " x " +
      std::to_string(P.Tile / P.PivotRows) + " threads with " +
      std::to_string(P.PivotRows) + " elements each; panel tiles " +
      (P.PanelProduct ? "as (min, +) products with the closed pivot tile"
                      : "pivot by pivot") +
      "; non-pivot slices staged " + std::to_string(P.KChunk) +
      " pivots deep (" + std::to_string(fwRestLocalBytes(R, P)) +
      " bytes of local memory)");
  Say("result: " + P.str());
  return P;
}

} // namespace tilec
