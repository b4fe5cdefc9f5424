//===- RunTimeExtents.cpp - Data-clause extents known only at run time ----===//
//
// `data(float u[ny][nx])` over `float (*u)[nx] = malloc(...)`, a VLA, a VLA
// parameter or a flat `float *u`: the extents are expressions the call site
// evaluates once per region entry. They may read only what the region does
// not write, a VLA's own extents must be the clause's, and tuning assumes
// values for them (SizeAssumptions.h).
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"
#include "frontend/RunTimeExpressions.h"

namespace tilec {

using namespace ir;

bool RegionBuilder::checkRunTimeExtents(const ArraySpec &Spec,
                                        size_t Components) {
  for (size_t I = 0; I < Spec.ExtentTexts.size(); ++I) {
    const std::string &Text = Spec.ExtentTexts[I];
    if (Text.empty())
      continue;
    clang::SourceLocation Where = B.Data->tokenLoc(Spec.ExtentTokens[I]);
    if (I < Components) {
      Diags.report(Where, Diag::RunTimeComponentExtent) << Text << Spec.Name;
      return false;
    }
    for (const std::string &Name : identifiersOf(Text)) {
      const clang::NamedDecl *D =
          visibleDeclaration(Name, B.Function, B.Begin->HashLoc, Context);
      if (!D) {
        Diags.report(Where, Diag::ExtentVariableUnknown)
            << Text << Spec.Name << Name;
        return false;
      }
      const auto *V = llvm::dyn_cast<clang::VarDecl>(D);
      if (V && firstWriteOf(V, B.TimeLoop.Loop)) {
        Diags.report(Where, Diag::ExtentVariableWritten)
            << Text << Spec.Name << Name;
        return false;
      }
    }
  }
  return true;
}

} // namespace tilec
