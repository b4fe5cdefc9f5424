//===- ParallelConstructs.h - OpenMP and OpenACC pragmas in a region -*- C++
//-*-===//
//
// Code that already runs in parallel keeps its `#pragma omp parallel for`
// and `#pragma acc kernels` lines above its loops. With -fopenmp or
// -fopenacc Clang wraps each loop in a construct; tilec maps the loops
// itself, so it looks through those constructs to the loops they hold and
// ignores the pragmas (its output replaces the region).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_PARALLELCONSTRUCTS_H
#define TILEC_FRONTEND_PARALLELCONSTRUCTS_H

#include "frontend/CompoundIndex.h"

#include "clang/AST/Stmt.h"

namespace tilec {

/// Whether `S` is an OpenMP or OpenACC construct.
bool isParallelConstruct(const clang::Stmt *S);

/// The statement an OpenMP or OpenACC construct holds, through nested
/// constructs; `S` itself when it is none.
const clang::Stmt *throughParallelConstructs(const clang::Stmt *S);

/// The child of `Compound` a directive at `Loc` annotates: the first that
/// starts after it, or a construct that starts before it and holds a
/// statement that starts after it (`#pragma omp parallel for` written
/// above `#pragma stencil calc`).
const clang::Stmt *annotatedChild(const clang::CompoundStmt *Compound,
                                  clang::SourceLocation Loc,
                                  const CompoundIndex &Index);

} // namespace tilec

#endif
