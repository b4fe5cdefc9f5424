//===- ReductionHost.cpp - The host's side of a reduction ----------------===//
//
// Each work group leaves one partial result in the region's partial buffer;
// the host reads them and adds them to the user's variable in group order,
// after every launch or, where only the last step's result survives the
// loop (ir::Reduction::CombinedAtLeave), once in leave().
//
//===----------------------------------------------------------------------===//
#include "codegen/HostFunctionWriter.h"

#include "codegen/RegionInterface.h"

namespace tilec {

using namespace ir;

std::string HostFunctionWriter::reductionComment() const {
  if (!R.Reduce)
    return ".";
  if (combinedAtLeave())
    return "; leave() combines " + R.Reduce->Variable + ".";
  return " and combines " + R.Reduce->Variable + ".";
}

void HostFunctionWriter::declareGroups(const std::string &Count) {
  std::string Partial = scalarTypeName(R.Reduce->Type);
  std::string Comment = std::string(" /* one partial ") +
                        reductionOpName(R.Reduce->Op) + " per work group */";
  if (Count.empty())
    W.line("static " + Partial + " tilec_groups[" + groupCount() + "];" +
           Comment);
  else
    W.line(Partial + " *tilec_groups = (" + Partial + " *)tilec_host_alloc(" +
           Count + " * sizeof *tilec_groups);" + Comment);
}

void HostFunctionWriter::deferCombine() {
  const std::string &V = R.Reduce->Variable;
  W.line("/* " + V +
         " is assigned before every step's calc and read only after the "
         "region: leave() adds the last launch's partial results to it. */");
  W.line(combineTarget() + " = " + V + ";");
  W.line(combineCount() + " = " + groupCount() + ";");
}

void HostFunctionWriter::combineReduction(const std::string &Count,
                                          const std::string &Target) {
  const Reduction &Red = *R.Reduce;
  std::string Groups = Count.empty() ? groupCount() : Count;
  std::string Bytes =
      Count.empty() ? "sizeof tilec_groups" : Count + " * sizeof *tilec_groups";
  W.line(D.read(partialBuffer(), "tilec_groups", Bytes, Red.Variable));
  std::string Item = "tilec_groups[tilec_g]";
  W.declare("size_t tilec_g;");
  W.line("for (tilec_g = 0; tilec_g < " + Groups + "; tilec_g++)");
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

} // namespace tilec
