//===- PointerRotation.h - `tmp = a; a = b; b = tmp;` in a time step -*- C++
//-*-===//
//
// Codes that keep two grids as pointers exchange them after each sweep
// instead of copying (Rodinia's hotspot3D, Parboil's stencil). The three
// statements of such an exchange are recognised here; the ping-pong pass
// then runs the region as sweeps that alternate between the buffers.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_POINTERROTATION_H
#define TILEC_FRONTEND_POINTERROTATION_H

#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace tilec {

/// `tmp = a; a = b; b = tmp;`, the first statement also written `T *tmp =
/// a;`: after it `a` points where `b` did.
struct PointerRotation {
  const clang::VarDecl *A = nullptr, *B = nullptr, *Temp = nullptr;
  /// The three statements.
  const clang::Stmt *First = nullptr, *Last = nullptr;
};

/// The rotation that starts at `Statements[I]`, if one does.
std::optional<PointerRotation>
matchPointerRotation(llvm::ArrayRef<const clang::Stmt *> Statements, size_t I);

} // namespace tilec

#endif
