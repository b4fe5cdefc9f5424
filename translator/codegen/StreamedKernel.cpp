//===- StreamedKernel.cpp - Blocks that stream along the outer axis -------===//
//
// 2.5D blocking with temporal blocking: a work group walks a chunk of rows
// (planes) of the outermost axis and advances up to T steps in one pass.
// This file prints the kernel as a sequence of named steps, each printed
// by the file of its part (StreamedKernel.h lists them).
//
//===----------------------------------------------------------------------===//
#include "codegen/StreamedKernel.h"

#include <algorithm>

namespace tilec {

using namespace ir;

void StreamedKernel::emit(CodeWriter &W) {
  StreamNames N = streamNames();
  describeKernel(W);
  CalcRegisters = shape().RegisterCap;
  openCalcKernel(W, calcKernelFields(R), N.Steps);
  declareRings(W, N);
  declareCoordinates(W, N);
  declareOuterLocals(W);
  declareOwnedRows(W, N);
  declareRegisters(W, N);
  declareColumnCursor(W, N);
  declarePointColumns(W, N);
  declareColumnIndex(W, N);
  loadFirstRow(W, N);
  declareCursors(W, N);
  declareLoopState(W, N);
  emitRowLoopCopies(W, N);
  if (R.Reduce)
    emitGroupReduction(W, *R.Reduce, "");
  W.close();
}

void StreamedKernel::describeKernel(CodeWriter &W) const {
  const Mapping &M = R.Map;
  const int64_t T = M.TimeBlock;
  std::string Block;
  for (unsigned A = 1; A < R.dims(); ++A)
    Block += (A > 1 ? "x" : "") + std::to_string(M.streamSpan(A));
  std::string Inner = R.dims() == 3 ? "(y,x)" : "(x)";
  if (severalPoints())
    Inner += ", " + std::to_string(M.StreamPoints) + " adjacent points along " +
             R.axisName(1) + " per work item,";
  W.line("/* calc of " + R.SourceFile + ":" + std::to_string(R.SourceLine) +
         ": each work group covers a " + Block + " block " + Inner +
         " and streams it along " + R.axisName(0) + ", " +
         std::to_string(M.StreamChunk) + " at a time" +
         (T > 1
              ? ", advancing up to " + std::to_string(T) + " steps in one pass"
              : "") +
         ". */");
}

StreamedKernel::AxisSet StreamedKernel::axesFrom(unsigned First,
                                                 unsigned Last) const {
  AxisSet Axes;
  for (unsigned A = First; A < std::min(Last, R.dims()); ++A)
    Axes.set(A);
  return Axes;
}

void emitStreamedCalc(const StencilRegion &Region, const KernelDialect &Dialect,
                      CodeWriter &W) {
  StreamedKernel(Region, Dialect).emit(W);
}

} // namespace tilec
