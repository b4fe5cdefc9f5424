//===- ApspIR.cpp - Names and the printer of the apsp IR -----------------===//
#include "ir/ApspIR.h"

namespace tilec {
namespace ir {

const char *pathSourceName(PathSource S) {
  switch (S) {
  case PathSource::Pivot:
    return "k";
  case PathSource::RowToPivot:
    return "P[i][k]";
  case PathSource::PivotToColumn:
    return "P[k][j]";
  }
  return "?";
}

const char *updateFormName(UpdateForm F) {
  switch (F) {
  case UpdateForm::IfLess:
    return "if-less";
  case UpdateForm::IfLessEqual:
    return "if-less-equal";
  case UpdateForm::MinCall:
    return "min-call";
  case UpdateForm::Ternary:
    return "ternary";
  }
  return "?";
}

std::string FwParams::str() const {
  return "fw:" + std::to_string(Tile) + "," + std::to_string(ThreadRows) + "," +
         std::to_string(ThreadCols) + "," + std::to_string(TilesPerBlock);
}

std::string printApspRegion(const ApspRegion &R) {
  std::string N = R.runTimeSize() ? R.NText : std::to_string(R.N);
  std::string Out = "apsp_region " + R.Name + " at " + R.SourceFile + ":" +
                    std::to_string(R.SourceLine) + "\n";
  if (R.runTimeSize())
    Out += "  n = " + R.NText + " at run time; assumed " + std::to_string(R.N) +
           (R.NGiven ? " (--assume)" : " (the default)") + "\n";
  Out += "  distance " + std::string(apspElementTypeName(R.Type)) + " " +
         R.Distance + "[" + N + "][" + N + "]\n";
  if (R.Path) {
    const std::string &P = R.Path->Name;
    std::string Value = R.Path->Source == PathSource::Pivot ? R.K
                        : R.Path->Source == PathSource::RowToPivot
                            ? P + "[" + R.I + "][" + R.K + "]"
                            : P + "[" + R.K + "][" + R.J + "]";
    Out += "  path int " + P + "[" + N + "][" + N + "] = " + Value + " (" +
           pathSourceName(R.Path->Source) + ")\n";
  }
  Out +=
      "  loops k=" + R.K + " i=" + R.I + " j=" + R.J + " over [0, " + N + ")\n";
  Out += "  update " + R.Distance + "[" + R.I + "][" + R.J + "] = min(" +
         R.Distance + "[" + R.I + "][" + R.J + "], " + R.Distance + "[" + R.I +
         "][" + R.K + "] + " + R.Distance + "[" + R.K + "][" + R.J +
         "]) form=" + updateFormName(R.Form);
  if (!R.MinFunction.empty())
    Out += " via " + R.MinFunction;
  Out += "\n";
  if (R.Params.PaddedN) {
    const FwParams &P = R.Params;
    Out +=
        "  blocking " + P.str() + " (" + P.Origin + "): tile " +
        std::to_string(P.Tile) +
        (R.runTimeSize() ? ", n padded at run time to a multiple of " +
                               std::to_string(P.Tile * P.TilesPerBlock) + "\n"
                         : ", padded n " + std::to_string(P.PaddedN) + ", " +
                               std::to_string(P.tiles()) + " pivot rounds\n");
    Out += "    pivot kernels: " + std::to_string(P.Tile) + " x " +
           std::to_string(P.Tile / P.PivotRows) + " threads, " +
           std::to_string(P.PivotRows) + " elements each" +
           (P.PanelProduct ? "; panel tiles as (min, +) products" : "") +
           (P.PivotInRest ? "; pivot tiles after the first closed by the "
                            "non-pivot kernel"
                          : "") +
           "\n";
    Out +=
        "    non-pivot kernel: " + std::to_string(P.blockCols()) + " x " +
        std::to_string(P.blockRows()) + " threads, " +
        std::to_string(P.ThreadRows) + " x " + std::to_string(P.ThreadCols) +
        " elements each, " + std::to_string(P.TilesPerBlock) +
        " tiles per block, slice depth " + std::to_string(P.KChunk) +
        (P.RestRegisters ? ", register cap " + std::to_string(P.RestRegisters)
                         : std::string()) +
        "\n";
  }
  return Out;
}

} // namespace ir
} // namespace tilec
