//===- SlabHost.cpp - A region's host functions over several slabs -------===//
//
// The struct of a region cut into slabs, its enter and leave, and the halo
// exchange (SlabHostWriter.h). With one slab the region runs as one.
//
//===----------------------------------------------------------------------===//
#include "codegen/SlabHost.h"

#include "codegen/HostFunctionWriter.h"
#include "codegen/SlabHostWriter.h"
#include "ir/StageView.h"

#include <set>

namespace tilec {

using namespace ir;

std::string SlabHostWriter::run() {
  enter();
  if (R.multiStage() && !R.Map.fused()) {
    for (unsigned I = 0; I < R.Stages.size(); ++I)
      stage(I);
  } else {
    if (hasHostFunction(R, HostFunction::Calc))
      calc();
    if (hasHostFunction(R, HostFunction::Copy))
      copy();
  }
  leave();
  std::string Out = W.str();
  // A ping-pong pair's sweeps call the calc and copy above.
  if (hasHostFunction(R, HostFunction::Sweeps))
    Out += HostFunctionWriter(R, D).run({HostFunction::Sweeps});
  return Out;
}

std::string SlabHostWriter::rowBytes(unsigned I) const {
  return "tilec_region->tilec_plane * sizeof(" +
         std::string(elementTypeName(R.Fields[I].Type)) + ")";
}

std::string SlabHostWriter::heldRows(const std::string &Index) const {
  return "(tilec_region->tilec_high[" + Index + "] - tilec_region->tilec_low[" +
         Index + "])";
}

int64_t SlabHostWriter::components(unsigned I) const {
  int64_t C = 1;
  for (int64_t E : R.Fields[I].ComponentExtents)
    C *= E;
  return C;
}

void SlabHostWriter::open(HostFunction F, const StencilRegion &Signature,
                          const std::string &Comment) {
  W.line("/* " + Comment + " */");
  W.openBlock(D.functionQualifier() + " " +
              hostFunctionSignature(Signature, F));
}

void SlabHostWriter::close() {
  W.close();
  W.line();
}

void SlabHostWriter::openSlabLoop() {
  W.declare(std::string("int ") + Slab + ";");
  W.open(std::string("for (") + Slab + " = 0; " + Slab +
         " < tilec_region->tilec_slabs; " + Slab + "++)");
  W.line(D.useSlab(Slab));
}

void SlabHostWriter::callSlab(HostFunction F, const StencilRegion &Nest,
                              const StencilRegion &SlabNest,
                              std::map<std::string, std::string> Local) {
  std::set<std::string> Own;
  for (const HostParam &P : hostFunctionParams(Nest, F))
    Own.insert(P.Name);
  std::string Origin = slabOriginName(S);
  if (!Origin.empty())
    Local[Origin] = member("tilec_low");
  std::string Args;
  for (const HostParam &P : hostFunctionParams(SlabNest, F)) {
    std::string Value;
    if (P.Name == "tilec_region")
      Value = "&" + slab();
    else if (auto It = Local.find(P.Name); It != Local.end())
      Value = It->second;
    else if (Own.count(P.Name))
      Value = P.Name;
    else
      Value = "0"; // a bound this function's kernels do not use
    Args += (Args.empty() ? "" : ", ") + Value;
  }
  W.line(hostFunctionName(SlabNest, F) + "(" + Args + ");");
}

void SlabHostWriter::pickVariant() {
  W.line("/* One vector for every slab: the one the run-time model predicts "
         "fastest for the whole grid (tilec --explain). */");
  W.line(variantTimeBlocks(R));
  W.line(member("tilec_variant", false) + " = " +
         variantPick(R, "(tilec_region->tilec_plane * (size_t)" +
                            member("tilec_rows", false) + ")") +
         ";");
  W.line(member("tilec_time_block", false) +
         " = tilec_time_blocks[tilec_region->tilec_variant];");
}

void SlabHostWriter::enter() {
  open(HostFunction::Enter, R,
       "Cuts region " + R.Name + "'s grid into one slab per device along " +
           R.axisName(0) +
           ", allocates each slab's rows and halo and copies "
           "them in.");
  std::string Rows = R.Axes[0].runTimeExtent()
                         ? R.extentName(0)
                         : std::to_string(R.Axes[0].Extent);
  // Points per row: a number when the inner extents are constants.
  int64_t Known = 1;
  std::string Plane;
  for (unsigned A = 1; A < R.dims(); ++A) {
    if (R.Axes[A].runTimeExtent())
      Plane += " * " + R.extentName(A);
    else
      Known *= R.Axes[A].Extent;
  }
  Plane = "(size_t)" + std::to_string(Known) + Plane;
  W.line("const int tilec_slabs = " + D.slabCount() + ";");
  W.line(member("tilec_slabs", false) + " = tilec_slabs;");
  W.line(member("tilec_rows", false) + " = " + Rows + ";");
  W.line(member("tilec_plane", false) + " = " + Plane + ";");
  if (!R.Variants.empty())
    pickVariant();
  W.declare(std::string("int ") + Slab + ";");
  W.open(std::string("for (") + Slab + " = 0; " + Slab + " < tilec_slabs; " +
         Slab + "++)");
  W.line("/* The slab owns rows [first, last); it also holds the " +
         std::to_string(Halo.Below) + " below and " +
         std::to_string(Halo.Above) + " above that a launch reads. */");
  W.line("const int tilec_first = (int)((long)" + Rows + " * " + Slab +
         " / tilec_slabs);");
  W.line("const int tilec_last = (int)((long)" + Rows + " * (" + Slab +
         " + 1) / tilec_slabs);");
  W.line("tilec_check_slab(\"stencil region " + R.Name + " (" + R.SourceFile +
         ":" + std::to_string(R.SourceLine) + ")\", \"" + R.axisName(0) +
         "\", " + Slab + ", tilec_slabs, tilec_first, tilec_last, " + Rows +
         ", " + std::to_string(std::max(Halo.Below, Halo.Above)) + ");");
  W.line(member("tilec_first") + " = tilec_first;");
  W.line(member("tilec_last") + " = tilec_last;");
  W.line(member("tilec_low") +
         " = tilec_first >= " + std::to_string(Halo.Below) +
         " ? tilec_first - " + std::to_string(Halo.Below) + " : 0;");
  W.line(member("tilec_high") + " = " + Rows +
         " - tilec_last >= " + std::to_string(Halo.Above) + " ? tilec_last + " +
         std::to_string(Halo.Above) + " : " + Rows + ";");
  W.close();
  openSlabLoop();
  std::map<std::string, std::string> Local;
  Local[S.extentName(0)] = member("tilec_high") + " - " + member("tilec_low");
  std::vector<unsigned> Gathered;
  for (unsigned I : copiedInFields(R)) {
    const std::string &Name = R.Fields[I].Name;
    if (components(I) == 1) {
      Local[Name] = "(const char *)" + Name + " + (size_t)" +
                    member("tilec_low") + " * " + rowBytes(I);
      continue;
    }
    // A field with components holds each component's rows apart: the
    // slab's are gathered into one block, as its buffer lays them out.
    std::string Block = "tilec_" + Name + "_rows";
    W.line("char *" + Block + " = (char *)tilec_host_alloc((size_t)" +
           std::to_string(components(I)) + " * " + heldRows() + " * " +
           rowBytes(I) + ");");
    W.declare("int tilec_c;");
    W.line("for (tilec_c = 0; tilec_c < " + std::to_string(components(I)) +
           "; tilec_c++)");
    W.indent().line("memcpy(" + Block + " + (size_t)tilec_c * " + heldRows() +
                    " * " + rowBytes(I) + ", (const char *)" + Name +
                    " + ((size_t)tilec_c * " + member("tilec_rows", false) +
                    " + " + member("tilec_low") + ") * " + rowBytes(I) + ", " +
                    "(size_t)" + heldRows() + " * " + rowBytes(I) + ");");
    W.dedent();
    Local[Name] = Block;
    Gathered.push_back(I);
  }
  callSlab(HostFunction::Enter, R, S, Local);
  for (unsigned I : Gathered)
    W.line("free(tilec_" + R.Fields[I].Name + "_rows);");
  if (!R.Variants.empty()) {
    W.line(slab() + ".tilec_variant = " + member("tilec_variant", false) + ";");
    W.line(slab() + ".tilec_time_block = " + member("tilec_time_block", false) +
           ";");
  }
  W.close();
  W.line(D.useSlab("0"));
  close();
}

void SlabHostWriter::leave() {
  open(HostFunction::Leave, R,
       "Copies back what region " + R.Name +
           " wrote from every slab and frees its buffers.");
  openSlabLoop();
  std::map<std::string, std::string> Local;
  std::vector<unsigned> Scattered;
  for (unsigned I : readBackFields(R)) {
    const std::string &Name = R.Fields[I].Name;
    if (components(I) == 1) {
      // The halo rows equal their owners' after every exchange.
      Local[Name] = "(char *)" + Name + " + (size_t)" + member("tilec_low") +
                    " * " + rowBytes(I);
      continue;
    }
    std::string Block = "tilec_" + Name + "_rows";
    W.line("char *" + Block + " = (char *)tilec_host_alloc((size_t)" +
           std::to_string(components(I)) + " * " + heldRows() + " * " +
           rowBytes(I) + ");");
    Local[Name] = Block;
    Scattered.push_back(I);
  }
  callSlab(HostFunction::Leave, R, S, Local);
  for (unsigned I : Scattered) {
    const std::string &Name = R.Fields[I].Name;
    std::string Block = "tilec_" + Name + "_rows";
    W.line("/* Each component's rows the slab owns, back in place. */");
    W.declare("int tilec_c;");
    W.line("for (tilec_c = 0; tilec_c < " + std::to_string(components(I)) +
           "; tilec_c++)");
    W.indent().line(
        "memcpy((char *)" + Name + " + ((size_t)tilec_c * " +
        member("tilec_rows", false) + " + " + member("tilec_first") + ") * " +
        rowBytes(I) + ", " + Block + " + ((size_t)tilec_c * " + heldRows() +
        " + (" + member("tilec_first") + " - " + member("tilec_low") + ")) * " +
        rowBytes(I) + ", (size_t)(" + member("tilec_last") + " - " +
        member("tilec_first") + ") * " + rowBytes(I) + ");");
    W.dedent();
    W.line("free(" + Block + ");");
  }
  W.close();
  W.line(D.useSlab("0"));
  close();
}

void SlabHostWriter::exchange(const std::vector<unsigned> &Fields) {
  if (Fields.empty()) {
    W.line(D.useSlab("0"));
    return;
  }
  W.line("/* Each slab's halo rows from the neighbour that owns them, the "
         "copies side by side. */");
  W.declare(std::string("int ") + Slab + ";");
  W.open(std::string("for (") + Slab + " = 1; " + Slab +
         " < tilec_region->tilec_slabs; " + Slab + "++)");
  W.line("const int tilec_below = " + std::string(Slab) + " - 1;");
  std::string Low = member("tilec_low"), First = member("tilec_first");
  std::string BelowLow = "tilec_region->tilec_low[tilec_below]";
  std::string BelowLast = "tilec_region->tilec_last[tilec_below]";
  std::string BelowHigh = "tilec_region->tilec_high[tilec_below]";
  for (unsigned I : Fields) {
    const std::string &Name = R.Fields[I].Name;
    std::string Row = "(size_t)(" + rowBytes(I) + ")";
    std::string Here = slab() + "." + bufferMember(S, I);
    std::string There = slab("tilec_below") + "." + bufferMember(S, I);
    // A field with components: each component's rows lie apart.
    std::string HereBase, ThereBase;
    if (components(I) > 1) {
      W.declare("int tilec_c;");
      W.open("for (tilec_c = 0; tilec_c < " + std::to_string(components(I)) +
             "; tilec_c++)");
      HereBase = "(size_t)tilec_c * " + heldRows() + " * " + Row + " + ";
      ThereBase =
          "(size_t)tilec_c * " + heldRows("tilec_below") + " * " + Row + " + ";
    }
    W.line(D.copyBetween(
        Here, Slab, HereBase.empty() ? "0" : HereBase + "0", There,
        "tilec_below",
        ThereBase + "(size_t)(" + Low + " - " + BelowLow + ") * " + Row,
        "(size_t)(" + First + " - " + Low + ") * " + Row, Name + " halo"));
    W.line(D.copyBetween(
        There, "tilec_below",
        ThereBase + "(size_t)(" + BelowLast + " - " + BelowLow + ") * " + Row,
        Here, Slab,
        HereBase + "(size_t)(" + BelowLast + " - " + Low + ") * " + Row,
        "(size_t)(" + BelowHigh + " - " + BelowLast + ") * " + Row,
        Name + " halo"));
    if (components(I) > 1)
      W.close();
  }
  W.close();
  W.line(D.exchangeEnd());
  W.line(D.useSlab("0"));
}

std::string emitSlabRegionStructs(const StencilRegion &Region,
                                  const StencilRegion &Slab,
                                  const HostDialect &Dialect) {
  CodeWriter W;
  W.line("/* Region " + Region.Name + " cut into slabs along " +
         Region.axisName(0) + ", one per device (TILEC_DEVICES). */");
  W.open(regionStructName(Region));
  W.line("int tilec_slabs;");
  W.line("int tilec_rows; /* the grid's rows along " +
         std::string(Region.axisName(0)) + " */");
  W.line("size_t tilec_plane; /* points per row */");
  if (!Region.Variants.empty()) {
    W.line("int tilec_variant; /* the vector enter() picked */");
    W.line("int tilec_time_block; /* its steps per launch */");
  }
  W.line("int tilec_first[TILEC_MAX_SLABS], tilec_last[TILEC_MAX_SLABS]; "
         "/* the rows each slab owns */");
  W.line("int tilec_low[TILEC_MAX_SLABS], tilec_high[TILEC_MAX_SLABS]; "
         "/* the rows it holds */");
  W.line(regionStructName(Slab) + " tilec_slab[TILEC_MAX_SLABS];");
  W.close(";");
  return emitRegionStruct(Slab, Dialect) + "\n" + W.str();
}

std::string emitSlabHostFunctions(const StencilRegion &Region,
                                  const StencilRegion &Slab,
                                  const HostDialect &Dialect) {
  return emitHostFunctions(Slab, Dialect) +
         SlabHostWriter(Region, Slab, Dialect).run();
}

} // namespace tilec
