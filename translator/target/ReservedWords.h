//===- ReservedWords.h - Words a target reserves that C does not -*- C++
//-*-===//
//
// The user's C may name an array `new`, a coefficient `half` or a loop
// variable `local`: valid C, but reserved in C++ (which nvcc compiles the
// CUDA kernels and host functions as) or in OpenCL C. The safe-names pass
// (transforms/SafeNames.h) renames them in the region the device code is
// printed from.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TARGET_RESERVEDWORDS_H
#define TILEC_TARGET_RESERVEDWORDS_H

#include "target/TargetTraits.h"

#include <set>
#include <string>

namespace tilec {

/// Words of C++ (and CUDA's built-in variables) that C programs may use as
/// identifiers.
const std::set<std::string> &cppReservedWords();
/// Words of OpenCL C 1.2 that C programs may use as identifiers.
const std::set<std::string> &openclReservedWords();
/// The words `Language`'s device code reserves.
const std::set<std::string> &reservedWords(Target Language);

} // namespace tilec

#endif
