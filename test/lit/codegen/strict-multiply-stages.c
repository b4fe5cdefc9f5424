// Stages print their products by the types of their own temporaries: the
// first stage's `s` is a double, the second's a float, so that its product
// is __fmul_rn, in one fused kernel (blocked and streaming) as in a kernel
// per stage (naive).
// RUN: rm -rf %t && %tilec --target=cuda --params=16,4,1,2 -o %t/fused %s
// RUN: %FileCheck %s --check-prefix=FUSED < %t/fused/strict-multiply-stages_tilec.cu
// RUN: %tilec --target=cuda --params=32,1,1,2 -o %t/stream %s
// RUN: %FileCheck %s --check-prefix=STREAM < %t/stream/strict-multiply-stages_tilec.cu
// RUN: %tilec --target=cuda --params=naive -o %t/naive %s
// RUN: %FileCheck %s --check-prefix=NAIVE < %t/naive/strict-multiply-stages_tilec.cu

// FUSED:       double s = __dmul_rn(A_tile[ty][tx - 1], 0.25);
// FUSED-NEXT:  B_tile[ty][tx] = __dmul_rn(s, A_tile[ty][tx + 1]);
// FUSED:       float s = __fmul_rn(B_tile[ty - 1][tx], 0.5f);
// FUSED-NEXT:  A_tile[ty][tx] = __fmul_rn(s, 2.0f) + B_tile[ty + 1][tx];

// STREAM:      double s = __dmul_rn(A_ring[y & 7][tx - 1], 0.25);
// STREAM-NEXT: B_ring[y & 7][tx] = __dmul_rn(s, A_ring[y & 7][tx + 1]);
// STREAM:      float s = __fmul_rn(B_ring[(y - 1) & 7][tx], 0.5f);
// STREAM-NEXT: A_ring[y & 7][tx] = __fmul_rn(s, 2.0f) + B_ring[(y + 1) & 7][tx];

// NAIVE:       double s = __dmul_rn(A[y][x - 1], 0.25);
// NAIVE-NEXT:  B[y][x] = __dmul_rn(s, A[y][x + 1]);
// NAIVE:       float s = __fmul_rn(B[y - 1][x], 0.5f);
// NAIVE-NEXT:  A[y][x] = __fmul_rn(s, 2.0f) + B[y + 1][x];

float A[16][32], B[16][32];
void f(void) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data(float A[16][32], float B[16][32])
#pragma stencil dimension(y, x)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (y = 1; y < 15; y++)
      for (x = 1; x < 31; x++) {
        double s = A[y][x - 1] * 0.25;
        B[y][x] = s * A[y][x + 1];
      }
#pragma stencil calc
    for (y = 1; y < 15; y++)
      for (x = 1; x < 31; x++) {
        float s = B[y - 1][x] * 0.5f;
        A[y][x] = s * 2.0f + B[y + 1][x];
      }
  }
#pragma stencil end
}
