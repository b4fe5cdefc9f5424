//===- VariantHost.cpp - Picking a compiled-in vector at region entry -----===//
//
// With several vectors compiled in (VariantView.h), enter() picks the one
// the run-time model predicts fastest for the size class nearest the grid's
// points, and calc() calls that variant's calc function.
//
//===----------------------------------------------------------------------===//
#include "codegen/HostFunctionWriter.h"

#include "ir/VariantView.h"

namespace tilec {

using namespace ir;

std::string variantPick(const StencilRegion &R, const std::string &Points) {
  std::string Pick;
  for (unsigned I = 0; I < R.Variants.size(); ++I) {
    std::string Index = std::to_string(I);
    if (I + 1 < R.Variants.size())
      Pick += Points + " < (size_t)" +
              std::to_string(R.Variants[I].UpToPoints) + " ? " + Index + " : ";
    else
      Pick += Index;
  }
  return Pick;
}

std::string variantTimeBlocks(const StencilRegion &R) {
  std::string Blocks;
  for (unsigned I = 0; I < R.Variants.size(); ++I)
    Blocks += (I ? ", " : "") + std::to_string(R.Variants[I].Map.TimeBlock);
  return "static const int tilec_time_blocks[" +
         std::to_string(R.Variants.size()) + "] = {" + Blocks + "};";
}

void HostFunctionWriter::pickVariant() {
  W.line("/* The vector for this grid: the one the run-time model predicts "
         "fastest for the nearest size class (tilec --explain). */");
  W.line(variantTimeBlocks(R));
  W.line("tilec_region->tilec_variant = " + variantPick(R, "tilec_points") +
         ";");
  W.line("tilec_region->tilec_time_block = "
         "tilec_time_blocks[tilec_region->tilec_variant];");
}

void HostFunctionWriter::dispatchCalc() {
  open(HostFunction::Calc, "Advances region " + R.Name +
                               " by tilec_block steps with the vector "
                               "enter() picked.");
  W.open("switch (tilec_region->tilec_variant)");
  for (unsigned I = 0; I < R.Variants.size(); ++I) {
    StencilRegion View = variantView(R, I);
    std::vector<std::string> Args = {"tilec_region"};
    for (const CapturedScalar &S : R.Scalars)
      if (!isLaunchPartBound(R, S.Name))
        Args.push_back(S.Name);
    if (R.LaunchParts)
      for (const std::string &Rows : LaunchPartParams::names())
        Args.push_back(Rows);
    if (calcTakesSteps(View))
      Args.push_back("tilec_block");
    std::string Call = hostFunctionName(View, HostFunction::Calc) + "(";
    for (size_t A = 0; A < Args.size(); ++A)
      Call += (A ? ", " : "") + Args[A];
    W.line(I + 1 < R.Variants.size() ? "case " + std::to_string(I) + ":"
                                     : "default:");
    W.indent();
    W.line("/* " + vectorText(View.Map, R.dims()) + ", best for " +
           R.Variants[I].Chosen + " */");
    W.line(Call + ");");
    W.line("break;");
    W.dedent();
  }
  W.close();
  close();
}

} // namespace tilec
