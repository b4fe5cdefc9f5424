//===- PingPongHost.cpp - Host functions of a ping-pong pair --------------===//
//
// A ping-pong pair (transforms/PingPong.h) runs its sweeps from one host
// function, and with several sweeps per launch its calc hands the buffers
// over so that each buffer only ever shows its own array's boundary.
//
//===----------------------------------------------------------------------===//
#include "codegen/HostFunctionWriter.h"
#include "codegen/KernelEmitter.h"
#include "ir/SameBoundaryView.h"

namespace tilec {

using namespace ir;

void HostFunctionWriter::pingPongCalc() {
  open(HostFunction::Calc,
       "Advances region " + R.Name + " by tilec_block sweeps in one launch.");
  const CopyAssignment &Pair = R.Copy.Assignments.front();
  unsigned A = Pair.TargetField, B = Pair.ValueField;
  std::string Type = D.bufferType(elementType(A));
  declareExtents();
  // A grid too small for the stencil: no sweep changes anything.
  skipEmptyLaunch(calcShape());
  W.line("const int tilec_p = tilec_region->tilec_parity;");
  W.line(Type + "tilec_in = tilec_p ? " + buffer(B) + " : " + buffer(A) + ";");
  W.line(Type + "tilec_other = tilec_p ? " + buffer(A) + " : " + buffer(B) +
         ";");
  W.line(Type + "tilec_out = tilec_block % 2 ? tilec_other : tilec_p ? " +
         nextBuffer(B) + " : " + nextBuffer(A) + ";");
  openLaunchParts();
  // The kernels take the fields, the scalars, the pair's other array (not
  // the calc + copy form's), the sweeps and the run-time extents.
  auto Launch = [&](const StencilRegion &Form, bool Other) {
    std::string Kernel = calcKernelName(Form);
    D.declareKernel(W, Kernel, "tilec_calc", calcShapeOf(Form));
    std::vector<std::string> Args;
    for (unsigned I : calcKernelFields(R))
      Args.push_back(I == A ? "tilec_in" : I == B ? "tilec_out" : buffer(I));
    for (const CapturedScalar &S : R.Scalars)
      Args.push_back(S.Name);
    if (Other)
      Args.push_back("tilec_other");
    Args.push_back("tilec_block");
    addExtentArguments(Args);
    D.launch(W, Kernel, "tilec_calc", Args);
  };
  W.line("/* Where the arrays agree outside the calc range, the kernel of the "
         "calc + copy form: every sweep shows the input's boundary. */");
  W.open("if (" + std::string(SameBoundaryParam) + ")");
  Launch(ir::sameBoundaryView(R), false);
  W.closeOpen("else");
  Launch(R, true);
  W.close();
  closeLaunchParts();
  W.open("if (tilec_block % 2)");
  W.line("tilec_region->tilec_parity = !tilec_p;");
  W.closeOpen("else if (tilec_p)");
  swapBuffers(B);
  W.closeOpen("else");
  swapBuffers(A);
  W.close();
  close();
}

void HostFunctionWriter::sweeps() {
  open(HostFunction::Sweeps,
       "Runs the sweeps of region " + R.Name + "'s time loop (" +
           (R.SweepsPerStep == 1
                ? "one per step, the arrays' pointers exchanged after each"
                : "two per step: A into B, B into A") +
           ").");
  std::vector<std::string> Args = {"tilec_region"};
  for (const CapturedScalar &S : R.Scalars)
    Args.push_back(S.Name);
  std::string Scalars;
  for (size_t I = 1; I < Args.size(); ++I)
    Scalars += ", " + Args[I];
  std::string Calc = hostFunctionName(R, HostFunction::Calc);
  std::string Copy = hostFunctionName(R, HostFunction::Copy);
  int64_t T = R.Map.TimeBlock;
  // The calc + copy form's kernel may advance more sweeps per launch
  // (StencilRegion::SameBoundaryMap).
  std::string Most = std::to_string(T);
  if (R.SameBoundaryMap && R.SameBoundaryMap->TimeBlock != T) {
    W.line("const int tilec_most = " + std::string(SameBoundaryParam) + " ? " +
           std::to_string(R.SameBoundaryMap->TimeBlock) + " : " +
           std::to_string(T) + ";");
    Most = "tilec_most";
  }
  if (T == 1 && R.SweepsPerStep == 1)
    W.line("const int tilec_odd = tilec_sweeps % 2;");
  W.open("while (tilec_sweeps > 0)");
  if (T > 1) {
    W.line("int tilec_block = 1; /* the last sweep runs alone */");
    W.line("if (tilec_sweeps > 1)");
    W.indent()
        .line("tilec_block = tilec_sweeps - 1 < " + Most +
              " ? (int)(tilec_sweeps - 1) : " + Most + ";")
        .dedent();
    W.line(Calc + "(tilec_region" + Scalars + ", " + SameBoundaryParam +
           ", tilec_block);");
    W.line("tilec_sweeps -= tilec_block;");
  } else {
    W.line(Calc + "(tilec_region" + Scalars + ");");
    W.line(Copy + "(tilec_region);");
    W.line("tilec_sweeps--;");
  }
  W.close();
  // Each copy exchanges the buffers: after an odd number of sweeps each
  // array's contents would be in the other's. A pair's count is even.
  if (T == 1 && R.SweepsPerStep == 1) {
    W.line("if (tilec_odd)");
    W.indent().line(Copy + "(tilec_region);").dedent();
  }
  close();
}

} // namespace tilec
