// Under the strict floating-point model (the default) the CUDA kernels
// round every product on its own, __fmul_rn for float and __dmul_rn for
// double by C's usual arithmetic conversions, so that plain nvcc, which
// would fuse a * b + c into one multiply-add, gives the serial program's
// results; `x *= y` becomes `x = __fmul_rn(x, y)` and int products stay.
// The fast model and OpenCL (FP_CONTRACT OFF) write the products as C
// does.
// RUN: rm -rf %t && %tilec --target=cuda --params=naive -o %t/strict %s
// RUN: %FileCheck %s --check-prefix=STRICT < %t/strict/strict-multiply_tilec.cu
// RUN: %tilec --target=cuda --params=naive --fp-model=fast -o %t/fast %s
// RUN: %FileCheck %s --check-prefix=FAST < %t/fast/strict-multiply_tilec.cu
// RUN: %tilec --target=opencl --params=naive -o %t/cl %s
// RUN: %FileCheck %s --check-prefix=CL < %t/cl/strict-multiply.cl
// Blocked and streaming kernels print their updates the same way.
// RUN: %tilec --target=cuda --params=16,2,1,2 -o %t/blocked %s
// RUN: %FileCheck %s --check-prefix=TILES < %t/blocked/strict-multiply_tilec.cu
// RUN: %tilec --target=cuda --params=32,1,1,2 -o %t/stream %s
// RUN: %FileCheck %s --check-prefix=ROWS < %t/stream/strict-multiply_tilec.cu
// Plain nvcc -O3 (no -fmad=false) builds it, and its PTX holds no fused or
// unrounded float product; the fast output's does, so the test can tell.
// RUN: %nvcc -O3 -arch=sm_90 -c -Werror all-warnings -Xcompiler=-Wall,-Wextra,-Werror -I %S/../../../runtime/include %t/strict/strict-multiply_tilec.cu -o %t/strict.o
// RUN: %nvcc -O3 -arch=sm_90 -ptx -I %S/../../../runtime/include %t/strict/strict-multiply_tilec.cu -o %t/strict.ptx
// RUN: %nvcc -O3 -arch=sm_90 -ptx -I %S/../../../runtime/include %t/fast/strict-multiply_tilec.cu -o %t/fast.ptx
// RUN: grep -q 'mul\.rn\.f32' %t/strict.ptx && grep -q 'mul\.rn\.f64' %t/strict.ptx
// RUN: %not grep -E '(fma\.rn|mul|mad)\.f(32|64)' %t/strict.ptx
// RUN: grep -qE 'fma\.rn\.f(32|64)' %t/fast.ptx

// STRICT:      * Build: tilec-cc, or nvcc -arch=sm_90 -c strict-multiply_tilec.cu -I<tilec>/include
// STRICT-NEXT: * Every floating-point product is rounded on its own (__fmul_rn, __dmul_rn), which nvcc never fuses
// STRICT:      float s = __dmul_rn(A[y][x], 2.0);
// STRICT-NEXT: s = __fmul_rn(s, w);
// STRICT-NEXT: B[y][x] = __fmul_rn(w, (A[y - 1][x] + A[y + 1][x])) + __fmul_rn((1.0f - w), A[y][x - 2]) + s;
// STRICT-NEXT: E[y][x] = __dmul_rn(__dmul_rn(D[y][x], h), A[y][x]) - (double)(N[y][x] * k * x);

// FAST:        * Fused multiply-adds are allowed.
// FAST-NOT:    mul_rn
// FAST:        float s = A[y][x] * 2.0;
// FAST-NEXT:   s *= w;
// FAST-NEXT:   B[y][x] = w * (A[y - 1][x] + A[y + 1][x]) + (1.0f - w) * A[y][x - 2] + s;
// FAST-NEXT:   E[y][x] = D[y][x] * h * A[y][x] - (double)(N[y][x] * k * x);

// CL:          #pragma OPENCL FP_CONTRACT OFF
// CL-NOT:      mul_rn
// CL:          float s = A[y][x] * 2.0;
// CL-NEXT:     s *= w;
// CL-NEXT:     B[y][x] = w * (A[y - 1][x] + A[y + 1][x]) + (1.0f - w) * A[y][x - 2] + s;

// TILES:       float s = __dmul_rn(A_tile[cur][ty][tx], 2.0);
// TILES-NEXT:  s = __fmul_rn(s, w);
// TILES-NEXT:  A_tile[next][ty][tx] = __fmul_rn(w, (A_tile[cur][ty - 1][tx] + A_tile[cur][ty + 1][tx])) + __fmul_rn((1.0f - w), A_tile[cur][ty][tx - 2]) + s;
// TILES-NEXT:  D_tile[next][ty][tx] = __dmul_rn(__dmul_rn(D_tile[cur][ty][tx], h), A_tile[cur][ty][tx]) - (double)(N[y][x] * k * x);

// ROWS:        float s = __dmul_rn(A_rows[0][1], 2.0);
// ROWS-NEXT:   s = __fmul_rn(s, w);
// ROWS-NEXT:   A_new[1] = __fmul_rn(w, (A_rows[0][0] + A_rows[0][2])) + __fmul_rn((1.0f - w), A[y][x - 2]) + s;
// ROWS-NEXT:   D_new[1] = __dmul_rn(__dmul_rn(D_rows[0][1], h), A_rows[0][1]) - (double)(N[y][x] * k * x);

float A[8][32], B[8][32];
double D[8][32], E[8][32];
int N[8][32];
float w;
double h;
int k;
void f(void) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:2)
#pragma stencil data source(float A[8][32], double D[8][32], int N[8][32]) destination(float B[8][32], double E[8][32])
#pragma stencil dimension(y, x)
  for (t = 0; t < 2; t++) {
#pragma stencil calc
    for (y = 1; y < 7; y++)
      for (x = 2; x < 30; x++) {
        float s = A[y][x] * 2.0;
        s *= w;
        B[y][x] = w * (A[y - 1][x] + A[y + 1][x]) + (1.0f - w) * A[y][x - 2] + s;
        E[y][x] = D[y][x] * h * A[y][x] - (double)(N[y][x] * k * x);
      }
#pragma stencil copy
    for (y = 1; y < 7; y++)
      for (x = 2; x < 30; x++) {
        A[y][x] = B[y][x];
        D[y][x] = E[y][x];
      }
  }
#pragma stencil end
}
