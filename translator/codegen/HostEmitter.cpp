//===- HostEmitter.cpp - The host functions of a stencil region ----------===//
#include "codegen/HostEmitter.h"

#include "codegen/HostFunctionWriter.h"

#include "codegen/KernelEmitter.h"
#include "codegen/RegionInterface.h"
#include "ir/StageView.h"
#include "ir/VariantView.h"

#include <map>

namespace tilec {

using namespace ir;

namespace {

/// A count of points, Base + Offset, Base an extent's name or "".
struct Count {
  std::string Base;
  int64_t Offset = 0;
};

/// ceil(C / Divisor) as C, a number when C is.
std::string ceilDivision(const Count &C, int64_t Divisor) {
  if (C.Base.empty())
    return std::to_string((std::max<int64_t>(C.Offset, 0) + Divisor - 1) /
                          Divisor);
  int64_t Rounded = C.Offset + Divisor - 1;
  // In long: an extent near INT_MAX plus the rounding must not overflow.
  std::string Sum = "(long)" + C.Base +
                    (Rounded > 0   ? " + " + std::to_string(Rounded)
                     : Rounded < 0 ? " - " + std::to_string(-Rounded)
                                   : "");
  return Divisor == 1 ? Sum : "(" + Sum + ") / " + std::to_string(Divisor);
}

/// Points from `From` (a constant) to the end of [.., Upper) along A.
Count countTo(const StencilRegion &R, unsigned A, int64_t From, int64_t Upper,
              bool FollowsExtent) {
  if (!R.Axes[A].runTimeExtent() || !FollowsExtent)
    return {"", Upper - From};
  return {R.extentName(A), Upper - R.Axes[A].Extent - From};
}

} // namespace

std::optional<int64_t> LaunchShape::constantGroups(unsigned D) const {
  const std::string &G = Groups[D];
  if (G.empty() || G.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(G);
}

std::string LaunchShape::global(unsigned D) const {
  if (auto G = constantGroups(D))
    return std::to_string(*G * Local[D]);
  return Local[D] == 1
             ? "(size_t)(" + Groups[D] + ")"
             : "(size_t)(" + Groups[D] + ") * " + std::to_string(Local[D]);
}

std::string LaunchShape::groups() const {
  int64_t Known = 1;
  std::string Text;
  for (unsigned D = 0; D < 3; ++D) {
    if (auto G = constantGroups(D))
      Known *= *G;
    else
      Text += (Text.empty() ? "(size_t)(" : " * (") + Groups[D] + ")";
  }
  if (Text.empty())
    return std::to_string(Known);
  return Known == 1 ? Text : std::to_string(Known) + " * " + Text;
}

LaunchShape launchShape(const StencilRegion &R,
                        const std::array<int64_t, MaxAxes> &Lower,
                        const std::array<int64_t, MaxAxes> &Upper,
                        const std::array<std::string, MaxAxes> &Own,
                        bool Streamed, int64_t OuterPoints) {
  LaunchShape S;
  S.Dims = R.dims();
  for (unsigned A = 0; A < R.dims(); ++A) {
    unsigned Dim = R.dims() - 1 - A;
    int64_t Local = R.Map.WorkGroup[A];
    bool Follows = !Own[A].empty();
    Count Points = countTo(R, A, Lower[A], Upper[A], Follows);
    S.Local[Dim] = Local;
    if (Streamed && A == 0 && R.LaunchParts) {
      // One launch of several writes the rows [First, End): the part
      // loop skips an empty one (HostFunctionWriter::openLaunchParts).
      S.Groups[Dim] = ceilDivision(
          {"(" + R.LaunchParts->End + " - " + R.LaunchParts->First + ")", 0},
          R.Map.StreamChunk);
      continue;
    }
    if (!Points.Base.empty())
      S.Empty += (S.Empty.empty() ? "" : " || ") + Points.Base +
                 " <= " + std::to_string(-Points.Offset);
    if (!Streamed) {
      S.Groups[Dim] = ceilDivision(Points, Local * (A == 0 ? OuterPoints : 1));
    } else if (A == 0) {
      // One group per chunk of rows along the streamed axis.
      S.Groups[Dim] = ceilDivision(Points, R.Map.StreamChunk);
    } else {
      // Groups overlap: each owns only its middle part.
      int64_t FirstOwned = R.Map.StreamStart[A] + R.Map.StreamRimMinus[A];
      Count Covered = countTo(R, A, FirstOwned, Upper[A], Follows);
      if (Points.Base.empty() && Points.Offset <= 0)
        Covered = {"", 0};
      S.Groups[Dim] = ceilDivision(Covered, R.Map.streamOwned(A));
    }
  }
  return S;
}

void HostFunctionWriter::enter() {
  open(HostFunction::Enter, "Allocates the device buffers of region " + R.Name +
                                " and copies the host arrays in.");
  for (unsigned A = 0; A < R.dims(); ++A)
    if (R.Axes[A].runTimeExtent())
      W.line("tilec_region->" + R.extentName(A) + " = " + R.extentName(A) +
             ";");
  declarePoints();
  if (!R.Variants.empty())
    pickVariant();
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
  if (combinedAtLeave())
    W.line(combineTarget() + " = NULL;");
  close();
}

void HostFunctionWriter::calc() {
  if (pingPongBlocks(R)) {
    pingPongCalc();
    return;
  }
  if (!R.Variants.empty()) {
    dispatchCalc();
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
         "Advances region " + R.Name + Steps + reductionComment());
  declareExtents();
  skipEmptyLaunch(calcShape());
  // The host's array of partial results: static when the group count is
  // a constant (Count ""), else allocated for Count.
  bool CombineNow = R.Reduce && !combinedAtLeave();
  std::string Count = CombineNow && R.runTimeExtents() ? groupCount() : "";
  if (CombineNow)
    declareGroups(Count);
  openLaunchParts();
  D.declareKernel(W, calcKernelName(R), "tilec_calc", calcShape());
  std::vector<std::string> Args;
  for (unsigned I : R.Map.fused() ? R.Map.TiledFields : calcKernelFields(R))
    Args.push_back(buffer(I));
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (hasNextBuffer(R, I))
      Args.push_back(nextBuffer(I));
  for (const ScalarParam &S : calcScalarParams(R))
    Args.push_back(S.Name);
  if (R.Reduce)
    Args.push_back(partialBuffer());
  if (calcTakesSteps(R))
    Args.push_back("tilec_block");
  addExtentArguments(Args);
  launchCalc(Args);
  closeLaunchParts();
  if (CombineNow)
    combineReduction(Count, "*" + R.Reduce->Variable);
  else if (R.Reduce)
    deferCombine();
  if (!Count.empty())
    W.line("free(tilec_groups);");
  for (unsigned I = 0; I < R.Fields.size(); ++I)
    if (hasNextBuffer(R, I))
      swapBuffers(I);
  close();
}

void HostFunctionWriter::openLaunchParts() {
  if (!R.LaunchParts)
    return;
  using P = LaunchPartParams;
  std::string First = P::First, End = P::End;
  std::string Below = P::Below, Above = P::Above;
  W.line("/* First the rows the neighbouring slabs read, then the rest: the "
         "exchange copies the first while the rest runs. */");
  W.line("const int tilec_part_first[3] = {" + First + ", " + End + " - " +
         Above + ", " + First + " + " + Below + "};");
  W.line("const int tilec_part_end[3] = {" + First + " + " + Below + ", " +
         End + ", " + End + " - " + Above + "};");
  W.declare("int tilec_part;");
  W.open("for (tilec_part = 0; tilec_part < 3; tilec_part++)");
  const std::string &PartFirst = R.LaunchParts->First;
  const std::string &PartEnd = R.LaunchParts->End;
  W.line("const int " + PartFirst + " = tilec_part_first[tilec_part], " +
         PartEnd + " = tilec_part_end[tilec_part];");
  W.line("if (tilec_part == 2)").indent().line(D.exchangeMark()).dedent();
  W.line("if (" + PartEnd + " <= " + PartFirst + ")")
      .indent()
      .line("continue;")
      .dedent();
}

void HostFunctionWriter::closeLaunchParts() {
  if (R.LaunchParts)
    W.close();
}

void HostFunctionWriter::swapBuffers(unsigned I) {
  W.open("");
  W.line(D.bufferType(elementType(I)) + "tilec_swap = " + buffer(I) + ";");
  W.line(buffer(I) + " = " + nextBuffer(I) + ";");
  W.line(nextBuffer(I) + " = tilec_swap;");
  W.close();
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
  LaunchShape Shape =
      launchShape(R, R.Copy.Lower, R.Copy.Upper, R.Copy.UpperScalar, false);
  declareExtents();
  skipEmptyLaunch(Shape);
  D.declareKernel(W, copyKernelName(R), "tilec_copy", Shape);
  std::vector<std::string> Args;
  for (unsigned I : copyKernelFields(R))
    Args.push_back(buffer(I));
  for (unsigned I : copyBoundScalars(R))
    Args.push_back(R.Scalars[I].Name);
  addExtentArguments(Args);
  D.launch(W, copyKernelName(R), "tilec_copy", Args);
  close();
}

void HostFunctionWriter::launchCalc(const std::vector<std::string> &Args) {
  std::string Kernel = calcKernelName(R);
  std::optional<int64_t> Rows =
      D.launchesTemplates() ? wholeGridRows(R) : std::nullopt;
  if (!Rows) {
    D.launch(W, Kernel, "tilec_calc", Args);
    return;
  }
  std::string Whole = std::to_string(*Rows);
  W.open("if (" + R.extentName(0) + " == " + Whole + ")");
  D.launch(W, Kernel + "<" + Whole + ">", "tilec_calc", Args);
  W.closeOpen("else");
  D.launch(W, Kernel + "<0>", "tilec_calc", Args);
  W.close();
}

void HostFunctionWriter::leave() {
  open(HostFunction::Leave, "Copies back what region " + R.Name +
                                " wrote and frees its device buffers.");
  std::vector<unsigned> ReadBack = readBackFields(R);
  if (!ReadBack.empty()) {
    declareExtents();
    declarePoints();
  }
  if (combinedAtLeave()) {
    W.open("if (" + combineTarget() + ")");
    declareGroups(combineCount());
    combineReduction(combineCount(), "*" + combineTarget());
    W.line("free(tilec_groups);");
    W.close();
  }
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
  if (Region.Reduce && Region.Reduce->CombinedAtLeave) {
    W.line(std::string(scalarTypeName(Region.Reduce->Type)) + " *" +
           combineTargetMember() +
           "; /* where leave() adds the last launch's partial results, or "
           "NULL */");
    W.line("size_t " + combineCountMember() + "; /* how many there are */");
  }
  if (pingPongBlocks(Region))
    W.line("int tilec_parity; /* 1 when B holds the current sweep */");
  if (!Region.Variants.empty()) {
    W.line("int tilec_variant; /* the vector enter() picked */");
    W.line("int tilec_time_block; /* its steps per launch */");
  }
  for (unsigned A = 0; A < Region.dims(); ++A)
    if (Region.Axes[A].runTimeExtent())
      W.line("int " + Region.extentName(A) + "; /* the extent along " +
             Region.axisName(A) + " */");
  W.close(";");
  return W.str();
}

std::string emitHostFunctions(const StencilRegion &Region,
                              const HostDialect &Dialect) {
  if (!Region.Variants.empty()) {
    // Each variant's calc, then the region's, which calls one of them.
    std::string Out =
        HostFunctionWriter(Region, Dialect).run({HostFunction::Enter});
    for (unsigned I = 0; I < Region.Variants.size(); ++I)
      Out += HostFunctionWriter(variantView(Region, I), Dialect)
                 .run({HostFunction::Calc});
    return Out + HostFunctionWriter(Region, Dialect)
                     .run({HostFunction::Calc, HostFunction::Copy,
                           HostFunction::Leave});
  }
  // A slab's sweeps are run by the region's, which exchange halos.
  if ((!Region.multiStage() || Region.Map.fused()) && Region.Slab)
    return HostFunctionWriter(Region, Dialect)
        .run({HostFunction::Enter, HostFunction::Calc, HostFunction::Copy,
              HostFunction::Leave});
  if (!Region.multiStage() || Region.Map.fused())
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
