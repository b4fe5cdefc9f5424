//===- HostEmitter.cpp - The host functions of a stencil region ----------===//
#include "codegen/HostEmitter.h"

#include "codegen/HostFunctionWriter.h"

#include "codegen/KernelEmitter.h"
#include "codegen/RegionInterface.h"
#include "ir/StageView.h"

#include <map>

namespace tilec {

using namespace ir;

LaunchShape launchShape(const StencilRegion &R,
                        const std::array<int64_t, MaxAxes> &Lower,
                        const std::array<int64_t, MaxAxes> &Upper,
                        bool Streamed) {
  LaunchShape S;
  S.Dims = R.dims();
  for (unsigned A = 0; A < R.dims(); ++A) {
    unsigned Dim = R.dims() - 1 - A;
    int64_t Local = R.Map.WorkGroup[A];
    int64_t Count = std::max<int64_t>(Upper[A] - Lower[A], 0);
    S.Local[Dim] = Local;
    if (!Streamed) {
      S.Global[Dim] = (Count + Local - 1) / Local * Local;
    } else if (A == 0) {
      // One group per chunk of rows along the streamed axis.
      S.Global[Dim] = (Count + R.Map.StreamChunk - 1) / R.Map.StreamChunk;
    } else {
      // Groups overlap: each owns only its middle part.
      int64_t Owned = R.Map.streamOwned(A);
      int64_t FirstOwned = R.Map.StreamStart[A] + R.Map.StreamRimMinus[A];
      int64_t Covered = Count ? Upper[A] - FirstOwned : 0;
      S.Global[Dim] = (Covered + Owned - 1) / Owned * Local;
    }
  }
  return S;
}

void HostFunctionWriter::enter() {
  open(HostFunction::Enter, "Allocates the device buffers of region " + R.Name +
                                " and copies the host arrays in.");
  declarePoints();
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    W.line(buffer(I) + " = " +
           D.allocate(elementType(I), bytes(I), R.Fields[I].Name) + ";");
    if (hasNextBuffer(R, I))
      W.line(nextBuffer(I) + " = " +
             D.allocate(elementType(I), bytes(I), R.Fields[I].Name) + ";");
  }
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    auto Partner = SwapPartner.find(I);
    if (Partner == SwapPartner.end()) {
      W.line(D.write(buffer(I), R.Fields[I].Name, bytes(I), R.Fields[I].Name));
      // Launches write only the points in the stages' ranges: the rest
      // of the second buffer must hold the array too.
      if (hasNextBuffer(R, I))
        W.line(D.write(nextBuffer(I), R.Fields[I].Name, bytes(I),
                       R.Fields[I].Name));
      continue;
    }
    const std::string &Source = R.Fields[Partner->second].Name;
    W.line("/* " + R.Fields[I].Name + "'s buffer starts as a copy of " +
           Source + ": the two are swapped every step, and both must show " +
           Source + "'s boundary. */");
    W.line(D.write(buffer(I), Source, bytes(I), R.Fields[I].Name));
  }
  if (pingPongBlocks(R))
    W.line("tilec_region->tilec_parity = 0;");
  if (R.Reduce)
    W.line(partialBuffer() + " = " +
           D.allocate(scalarTypeName(R.Reduce->Type),
                      groupCount() + " * sizeof(" +
                          scalarTypeName(R.Reduce->Type) + ")",
                      R.Reduce->Variable + " partial results") +
           ";");
  close();
}

void HostFunctionWriter::calc() {
  if (pingPongBlocks(R)) {
    pingPongCalc();
    return;
  }
  std::string Steps =
      calcTakesSteps(R) ? " by tilec_block steps in one launch" : " one step";
  if (!R.StageSuffix.empty())
    open(HostFunction::Calc, "Runs the calc nest of " + R.SourceFile + ":" +
                                 std::to_string(R.SourceLine) +
                                 " (a stage of region " + R.Name + ").");
  else
    open(HostFunction::Calc,
         "Advances region " + R.Name + Steps +
             (R.Reduce ? " and combines " + R.Reduce->Variable + "." : "."));
  if (R.Reduce)
    W.line("static " + std::string(scalarTypeName(R.Reduce->Type)) +
           " tilec_groups[" + groupCount() + "]; /* one partial " +
           reductionOpName(R.Reduce->Op) + " per work group */");
  D.declareKernel(W, calcKernelName(R), "tilec_calc", calcShape());
  std::vector<std::string> Args;
  for (unsigned I : R.Map.Fused ? R.Map.TiledFields : calcKernelFields(R))
    Args.push_back(buffer(I));
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (hasNextBuffer(R, I))
      Args.push_back(nextBuffer(I));
  for (const CapturedScalar &S : R.Scalars)
    Args.push_back(S.Name);
  if (R.Reduce)
    Args.push_back(partialBuffer());
  if (calcTakesSteps(R))
    Args.push_back("tilec_block");
  D.launch(W, calcKernelName(R), "tilec_calc", Args);
  if (R.Reduce)
    combineReduction();
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (hasNextBuffer(R, I))
      swapBuffers(I);
  close();
}

void HostFunctionWriter::swapBuffers(unsigned I) {
  W.open("");
  W.line(D.bufferType(elementType(I)) + "tilec_swap = " + buffer(I) + ";");
  W.line(buffer(I) + " = " + nextBuffer(I) + ";");
  W.line(nextBuffer(I) + " = tilec_swap;");
  W.close();
}

void HostFunctionWriter::combineReduction() {
  const Reduction &Red = *R.Reduce;
  W.line(D.read(partialBuffer(), "tilec_groups", "sizeof tilec_groups",
                Red.Variable));
  std::string Item = "tilec_groups[tilec_g]";
  std::string Target = "*" + Red.Variable;
  W.line("for (size_t tilec_g = 0; tilec_g < " + groupCount() + "; tilec_g++)");
  W.indent();
  if (Red.Op == ReductionOp::Sum)
    W.line(Target + " += " + Item + ";");
  else
    W.line("if (" + Item + (Red.Op == ReductionOp::Min ? " < " : " > ") +
           Target + ")")
        .indent()
        .line(Target + " = " + Item + ";")
        .dedent();
  W.dedent();
}

void HostFunctionWriter::copy() {
  if (R.Copy.Strategy == CopyStrategy::Swap) {
    open(HostFunction::Copy, "The copy nest of region " + R.Name + ".");
    bool Several = R.Copy.Assignments.size() > 1;
    for (const CopyAssignment &C : R.Copy.Assignments) {
      std::string S = buffer(C.TargetField), Dst = buffer(C.ValueField);
      W.line("/* " + R.Fields[C.TargetField].Name + " = " +
             R.Fields[C.ValueField].Name + " becomes a buffer swap. */");
      if (Several)
        W.open("");
      W.line(D.bufferType(elementType(C.TargetField)) + "tilec_swap = " + S +
             ";");
      W.line(S + " = " + Dst + ";");
      W.line(Dst + " = tilec_swap;");
      if (Several)
        W.close();
    }
    close();
    return;
  }
  open(HostFunction::Copy, "The copy nest of " + R.SourceFile + ":" +
                               std::to_string(R.SourceLine) + ".");
  D.declareKernel(W, copyKernelName(R), "tilec_copy",
                  launchShape(R, R.Copy.Lower, R.Copy.Upper, false));
  std::vector<std::string> Args;
  for (unsigned I : copyKernelFields(R))
    Args.push_back(buffer(I));
  D.launch(W, copyKernelName(R), "tilec_copy", Args);
  close();
}

void HostFunctionWriter::leave() {
  open(HostFunction::Leave, "Copies back what region " + R.Name +
                                " wrote and frees its device buffers.");
  std::vector<unsigned> ReadBack = readBackFields(R);
  if (!ReadBack.empty())
    declarePoints();
  for (unsigned I : ReadBack)
    W.line(D.read(buffer(I), R.Fields[I].Name, bytes(I), R.Fields[I].Name));
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    W.line(D.release(buffer(I)));
    if (hasNextBuffer(R, I))
      W.line(D.release(nextBuffer(I)));
  }
  if (R.Reduce)
    W.line(D.release(partialBuffer()));
  close();
}

std::string emitRegionStruct(const StencilRegion &Region,
                             const HostDialect &Dialect) {
  CodeWriter W;
  W.line("/* Device buffers of stencil region " + Region.Name + " (" +
         Region.SourceFile + ":" + std::to_string(Region.SourceLine) + "). */");
  W.open(regionStructName(Region));
  for (unsigned I = 0; I < Region.Fields.size(); ++I) {
    W.line(Dialect.bufferType(elementTypeName(Region.Fields[I].Type)) +
           bufferMember(Region, I) + ";");
    if (hasNextBuffer(Region, I))
      W.line(Dialect.bufferType(elementTypeName(Region.Fields[I].Type)) +
             nextBufferMember(Region, I) + "; /* written by each launch */");
  }
  if (Region.Reduce)
    W.line(Dialect.bufferType(scalarTypeName(Region.Reduce->Type)) +
           partialMember() + "; /* one partial result per work group */");
  if (pingPongBlocks(Region))
    W.line("int tilec_parity; /* 1 when B holds the current sweep */");
  W.close(";");
  return W.str();
}

std::string emitHostFunctions(const StencilRegion &Region,
                              const HostDialect &Dialect) {
  if (!Region.multiStage() || Region.Map.Fused)
    return HostFunctionWriter(Region, Dialect)
        .run({HostFunction::Enter, HostFunction::Calc, HostFunction::Copy,
              HostFunction::Sweeps, HostFunction::Leave});
  // Enter and leave for the region's buffers; one function per stage.
  std::string Out =
      HostFunctionWriter(Region, Dialect).run({HostFunction::Enter});
  for (unsigned I = 0; I < Region.Stages.size(); ++I)
    Out += HostFunctionWriter(stageView(Region, I), Dialect)
               .run({HostFunction::Calc, HostFunction::Copy});
  return Out + HostFunctionWriter(Region, Dialect).run({HostFunction::Leave});
}

} // namespace tilec
