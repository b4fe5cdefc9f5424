//===- CopyRules.cpp - When the copy nest can be a buffer swap -----------===//
//
// Swapping is the same as copying when, after every step, the destination
// buffer holds exactly what the source would hold after the copy. That needs:
//  - the copy range equal to the calc range, so only points that calc just
//    wrote are copied, and boundary cells stay as they were;
//  - whole arrays paired one to one, so each swap is an exchange of two
//    buffers;
//  - calc running before copy, and never reading the destination, so the
//    destination's previous contents (which after a swap are the source's)
//    do not matter;
//  - both device buffers starting with the source's contents, so either of
//    them shows the source's boundary to the next step (the host side does
//    this; see HostEmitter);
//  - no host statement that uses the arrays, which may read the destination
//    between launches.
//
//===----------------------------------------------------------------------===//
#include "rules/CopyRules.h"

#include <set>

namespace tilec {

using namespace ir;

std::string copySwapBlocker(const StencilRegion &R) {
  // The host statement may read the destination between launches, which
  // leave() copies back only where it has its own buffer.
  for (const TimeLoopItem &Item : R.Body)
    if (!Item.HostFields.empty())
      return "a host statement uses the region's arrays";
  for (unsigned A = 0; A < R.dims(); ++A)
    if (R.Copy.Lower[A] != R.Axes[A].Lower ||
        R.Copy.Upper[A] != R.Axes[A].Upper ||
        R.Copy.LowerScalar[A] != R.Axes[A].LowerScalar ||
        R.Copy.UpperScalar[A] != R.Axes[A].UpperScalar)
      return std::string("the copy range differs from the calc range along ") +
             R.axisName(A);
  std::set<unsigned> Targets, Values;
  for (const CopyAssignment &C : R.Copy.Assignments) {
    const Field &T = R.Fields[C.TargetField];
    const Field &V = R.Fields[C.ValueField];
    if (!T.ComponentExtents.empty() || !V.ComponentExtents.empty())
      return "'" + T.Name + " = " + V.Name + "' copies single components";
    if (!Targets.insert(C.TargetField).second ||
        !Values.insert(C.ValueField).second)
      return "an array is copied into or from twice";
    if (V.ReadInCalc)
      return "calc reads destination '" + V.Name + "'";
    if (!V.WrittenInCalc)
      return "calc does not write '" + V.Name + "'";
  }
  bool CalcSeen = false;
  for (const TimeLoopItem &Item : R.Body) {
    if (Item.ItemKind == TimeLoopItem::Calc)
      CalcSeen = true;
    if (Item.ItemKind == TimeLoopItem::Copy && !CalcSeen)
      return "copy runs before calc in the time loop";
  }
  return "";
}

} // namespace tilec
