//===- ByteFlopRatio.cpp - What the parameter search knows of a stencil --===//
#include "tuning/ByteFlopRatio.h"

#include "rules/MappingRules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tilec {

using namespace ir;

StencilFeatures analyseStencil(const StencilRegion &R) {
  StencilFeatures F;
  F.Dims = R.dims();
  for (unsigned A = 0; A < R.dims(); ++A) {
    unsigned P = R.dims() - 1 - A; // PV order: x first.
    const Axis &Ax = R.Axes[A];
    F.Extent[P] = Ax.Extent;
    F.Points[P] = std::max<int64_t>(Ax.Upper - Ax.Lower, 0);
  }
  for (const Field &Fd : R.Fields) {
    int64_t Bytes = elementBytes(Fd.Type);
    F.ElementBytes = std::max(F.ElementBytes, Bytes);
    F.Arrays += static_cast<unsigned>(Fd.componentCount());
    F.BytesPerPoint += Fd.componentCount() * Bytes;
    if (!Fd.ReadInCalc)
      continue;
    ++F.ReadArrays;
    bool Staged = Fd.Role == FieldRole::Source && Fd.ComponentExtents.empty();
    if (Staged) {
      F.StagedBytesPerPoint += Bytes;
      ++F.StagedFields;
    }
    for (unsigned A = 0; A < R.dims(); ++A) {
      unsigned P = R.dims() - 1 - A;
      int64_t Width = Fd.Reads.Minus[A] + Fd.Reads.Plus[A];
      F.HaloWidth[P] = std::max(F.HaloWidth[P], Width);
      if (Staged)
        F.StagedHaloWidth[P] = std::max(F.StagedHaloWidth[P], Width);
    }
  }
  if (R.multiStage()) {
    // The fused kernel stages every field a stage uses; a step reaches as
    // far as its stages' radii together.
    F.FusedStages = true;
    F.Stages = static_cast<unsigned>(R.Stages.size());
    F.NaiveLaunchesPerStep = F.Stages;
    double CalcPoints =
        static_cast<double>(std::max<int64_t>(R.calcPoints(), 1));
    for (unsigned I = 0; I < R.Fields.size(); ++I) {
      int64_t Bytes = elementBytes(R.Fields[I].Type);
      F.KernelBytesPerPoint +=
          Bytes * (R.Fields[I].ReadInCalc + R.Fields[I].WrittenInCalc);
      for (const Stage &S : R.Stages)
        F.NaiveBytesPerPoint +=
            static_cast<double>(Bytes) * (S.Uses[I].Read + S.Uses[I].Written) *
            static_cast<double>(S.points(R.dims())) / CalcPoints;
    }
    F.StagedBytesPerPoint = 0;
    F.StagedFields = 0;
    F.StagedHaloWidth = {0, 0, 0};
    for (const Field &Fd : R.Fields)
      if (Fd.ReadInCalc || Fd.WrittenInCalc)
        F.StagedBytesPerPoint += elementBytes(Fd.Type);
    for (const Stage &S : R.Stages) {
      Halo H = stageRadius(S, R.dims());
      for (unsigned A = 0; A < R.dims(); ++A)
        F.StagedHaloWidth[R.dims() - 1 - A] += H.Minus[A] + H.Plus[A];
    }
    F.HaloWidth = F.StagedHaloWidth;
  }
  if (!F.FusedStages) {
    F.KernelBytesPerPoint = F.BytesPerPoint;
    F.NaiveBytesPerPoint = static_cast<double>(F.BytesPerPoint);
  }
  const char *Source[] = {" (the default; give --assume to change it)",
                          " (from --assume)"};
  if (!R.Time.StepCountText.empty())
    F.Assumptions.push_back(
        std::to_string(R.Time.StepCount) + " steps assumed: step(" +
        R.Time.Variable + ":" + R.Time.StepCountText +
        ") is known only at run time" + Source[R.Time.StepCountGiven]);
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    if (X.runTimeExtent() || !X.LowerText.empty() || !X.UpperText.empty())
      F.KnownExtents = false;
    if (X.runTimeExtent())
      F.Assumptions.push_back("extent along " + std::string(R.axisName(A)) +
                              " assumed " + X.ExtentText + " = " +
                              std::to_string(X.Extent) + Source[X.ExtentGiven] +
                              "; kernels take it as an argument");
    if (!X.LowerText.empty() || !X.UpperText.empty())
      F.Assumptions.push_back(
          "calc range along " + std::string(R.axisName(A)) + " assumed [" +
          std::to_string(X.Lower) + ", " + std::to_string(X.Upper) +
          "), the widest the stencil allows: its bounds are known only at "
          "run time");
  }
  F.Buffers = static_cast<unsigned>(R.Fields.size());
  F.Ops = std::max(R.OperatorCount, 1u);
  F.Steps = std::max<int64_t>(R.Time.StepCount, 1);
  F.CalcPoints = R.calcPoints();
  F.GridPoints = F.Extent[0] * F.Extent[1] * F.Extent[2];
  F.SingleStepReason = singleStepReason(R);
  F.HasReduction = R.Reduce.has_value();
  F.PingPong = R.PingPong;
  F.ReductionReadEachLaunch = R.Reduce && !R.Reduce->CombinedAtLeave;
  bool OneUpdate = F.Dims == 3 && !R.multiStage() && !R.Reduce;
  // A ping-pong pair's edge groups take several points since they read the
  // boundary where it is used, and then several points run faster than one
  // (measured: docs/notes/several-sweeps.md, "Points per work item in
  // ping-pong pairs").
  // With extents known only at run time the kernel indexes each point
  // from a byte cursor, which fields with components do not have; pairs
  // with several points spill there and run slower than with one
  // (measured: the same section).
  F.PointsAlongY = OneUpdate && (!R.runTimeStrides() ||
                                 (!R.hasComponentFields() && !R.PingPong));
  F.RunTimeKernel = OneUpdate && !R.PingPong && R.runTimeStrides();
  F.ChainsLevels = chainsStreamedLevels(R);
  return F;
}

double bfAlg(const StencilFeatures &F) {
  return static_cast<double>(F.BytesPerPoint) / F.Ops;
}

double bfAlgPaper(const StencilFeatures &F, int64_t T) {
  return bfAlg(F) / std::pow(static_cast<double>(T), F.Dims + 1);
}

/// The points a group covers along x, y and z.
static std::array<int64_t, 3> block(const ParameterVector &PV) {
  return {PV.W, PV.H * PV.P, PV.D};
}

double redundancy(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  double Owned = static_cast<double>(B[0] * B[1] * B[2]);
  double Sum = 0;
  for (int64_t K = 1; K <= PV.T; ++K) {
    double Computed = 1;
    for (unsigned P = 0; P < 3; ++P)
      Computed *= static_cast<double>(B[P] + F.StagedHaloWidth[P] * (PV.T - K));
    Sum += Computed;
  }
  return Sum / (Owned * PV.T);
}

double bfAlgBlocked(const StencilFeatures &F, const ParameterVector &PV) {
  return bfAlg(F) / (static_cast<double>(PV.T) * redundancy(F, PV));
}

int64_t workGroupCount(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  int64_t Count = 1;
  for (unsigned P = 0; P < 3; ++P)
    Count *= (std::max<int64_t>(F.Points[P], 1) + B[P] - 1) / B[P];
  return Count;
}

int64_t paperTileBytes(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  int64_t Volume = 1;
  for (unsigned P = 0; P < 3; ++P)
    Volume *= B[P] + F.HaloWidth[P] * PV.T;
  return static_cast<int64_t>(F.ReadArrays) * Volume * F.ElementBytes;
}

int64_t stagedTileBytes(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  int64_t Volume = 1;
  for (unsigned P = 0; P < 3; ++P)
    Volume *= B[P] + F.StagedHaloWidth[P] * PV.T;
  int64_t Copies = PV.T > 1 && !F.FusedStages ? 2 : 1;
  return Copies * Volume * F.StagedBytesPerPoint;
}

bool streams(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  // The streaming kernel with a reduction (--params) ran slower than the
  // naive mapping on Himeno (measured: docs/notes/himeno.md, "The search
  // leaves out streaming with a reduction"), so the search leaves it out.
  return F.Dims >= 2 && !F.HasReduction && F.StagedBytesPerPoint > 0 &&
         B[F.Dims - 1] == 1;
}

int64_t streamLag(const StencilFeatures &F, int64_t T) {
  int64_t Halo = F.StagedHaloWidth[F.Dims - 1];
  bool Chained = F.ChainsLevels && T > 1;
  return F.FusedStages || Chained ? Halo * T : (Halo + 1) * T;
}

int64_t streamChunkRows(const StencilFeatures &F, const ParameterVector &PV) {
  if (PV.C)
    return PV.C;
  return F.FusedStages ? fusedStreamChunk(streamLag(F, PV.T))
                       : streamChunk(PV.T);
}

/// Streaming: the points a group owns along inner axis P (PV order); each
/// step after the first loses the halo, and fused stages lose their reach
/// from the first step on.
static int64_t streamOwned(const StencilFeatures &F, const ParameterVector &PV,
                           unsigned P) {
  int64_t Steps = F.FusedStages ? PV.T : PV.T - 1;
  return block(PV)[P] - F.StagedHaloWidth[P] * Steps;
}

double streamRedundancy(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  double Red = 1;
  for (unsigned P = 0; P + 1 < F.Dims; ++P) {
    int64_t Owned = streamOwned(F, PV, P);
    if (Owned < 1)
      return std::numeric_limits<double>::infinity();
    Red *= static_cast<double>(B[P]) / static_cast<double>(Owned);
  }
  return Red;
}

int64_t streamTileBytes(const StencilFeatures &F, const ParameterVector &PV) {
  std::array<int64_t, 3> B = block(PV);
  if (F.FusedStages) {
    // One ring per field, deep enough for every level's lag and reach.
    int64_t Rows = 1;
    while (Rows < streamLag(F, PV.T) + 1)
      Rows *= 2;
    for (unsigned P = 0; P + 1 < F.Dims; ++P)
      Rows *= B[P];
    return Rows * F.StagedBytesPerPoint;
  }
  // Each level's ring: its reach along the streamed axis and the row being
  // written, or with chained levels two slots (sizeTiles). In dynamic
  // local memory sizeTiles also aligns each field's rings to 16 bytes,
  // which adds nothing where the row lengths are even.
  int64_t Volume =
      F.ChainsLevels && PV.T > 1 ? 2 : F.StagedHaloWidth[F.Dims - 1] + 2;
  for (unsigned P = 0; P + 1 < F.Dims; ++P)
    Volume *= B[P] + F.StagedHaloWidth[P];
  return (PV.T - 1) * Volume * F.StagedBytesPerPoint;
}

int64_t streamGroupCount(const StencilFeatures &F, const ParameterVector &PV) {
  int64_t Count = 1;
  for (unsigned P = 0; P + 1 < F.Dims; ++P) {
    int64_t Owned = streamOwned(F, PV, P);
    if (Owned < 1)
      return 0;
    Count *= (std::max<int64_t>(F.Points[P], 1) + Owned - 1) / Owned;
  }
  int64_t Chunk = streamChunkRows(F, PV);
  return Count *
         ((std::max<int64_t>(F.Points[F.Dims - 1], 1) + Chunk - 1) / Chunk);
}

double streamCoveredPerGroup(const StencilFeatures &F,
                             const ParameterVector &PV) {
  double C = static_cast<double>(streamChunkRows(F, PV));
  for (unsigned P = 0; P + 1 < F.Dims; ++P)
    C *= static_cast<double>(streamOwned(F, PV, P));
  return C;
}

} // namespace tilec
