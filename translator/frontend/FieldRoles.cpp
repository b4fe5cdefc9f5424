//===- FieldRoles.cpp - What each array is to the region ------------------===//
//
// A source that no copy nest writes is read-only (coefficients); the back
// ends neither copy it back nor swap it.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

void RegionBuilder::assignRoles() {
  for (unsigned I = 0; I < R.Fields.size(); ++I) {
    Field &F = R.Fields[I];
    if (F.Role != FieldRole::Source)
      continue;
    bool CopiedInto = false;
    for (const CopyAssignment &C : R.Copy.Assignments)
      CopiedInto |= C.TargetField == I;
    if (!CopiedInto)
      F.Role = FieldRole::ReadOnly;
  }
}

} // namespace tilec
