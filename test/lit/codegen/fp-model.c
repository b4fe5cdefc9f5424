// Double precision enables cl_khr_fp64; the strict floating-point model
// (default) forbids contraction and asks for correctly rounded division; the
// fast model allows both.
// RUN: rm -rf %t && %tilec -o %t/strict %s && %tilec --fp-model=fast -o %t/fast %s
// RUN: %FileCheck %s --check-prefix=STRICT < %t/strict/fp-model.cl
// RUN: %FileCheck %s --check-prefix=FAST < %t/fast/fp-model.cl
// RUN: %tilec --target=cuda --fp-model=fast -o %t/cuda %s
// RUN: %FileCheck %s --check-prefix=CUDA < %t/cuda/fp-model_tilec.cu
// STRICT:      Floating point: strict
// STRICT:      with: -cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt
// STRICT:      #pragma OPENCL FP_CONTRACT OFF
// STRICT-NEXT: #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// STRICT:      __global const double (*P)[32] =
// STRICT:      Q[y][x] = (P[y][x - 1] + P[y][x + 1]) / 2.0 + sqrt(P[y][x]);
// FAST:        Floating point: fast
// FAST:        with: -cl-std=CL1.2 -cl-fast-relaxed-math
// FAST-NOT:    FP_CONTRACT
// FAST:        #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CUDA:        * Build: tilec-cc, or nvcc -arch=sm_90 -c fp-model_tilec.cu
// CUDA-NEXT:   * Fused multiply-adds are allowed.
#include <math.h>
double P[8][32], Q[8][32];
void f(void) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:2)
#pragma stencil data source(double P[8][32]) destination(double Q[8][32])
#pragma stencil dimension(y, x)
  for (t = 0; t < 2; t++) {
#pragma stencil calc
    for (y = 0; y < 8; y++)
      for (x = 1; x < 31; x++)
        Q[y][x] = (P[y][x - 1] + P[y][x + 1]) / 2.0 + sqrt(P[y][x]);
  }
#pragma stencil end
}
