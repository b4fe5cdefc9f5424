// Streaming with temporal blocking on the hard cases: two coupled double
// fields (each step reads both), a 9-point box plus radius-2 taps that are
// not symmetric (y -2/+1, x -1/+2), a read-only coefficient field, and a calc
// range that is not symmetric. Steps 2 .. T read the rows around their own
// from the rings at several slots and inner offsets, so every vector with
// H = 1 and T > 1 checks the ring indexing against the serial program.
// RUN: %tilec --params=32,1,1,3 --dump-ir %s -- -DNX=40 -DNY=37 | %FileCheck %s
// RUN: %sweep --max 64,1,1 --tmax 4 --workdir %t.sweep --sample %s -- -DNX=40 -DNY=37 -DSTEPS=7
// The y range of 35 rows in chunks of 64 (T = 4) or 32 (T = 2) and x
// overlapping groups; a larger grid for several chunks and groups:
// RUN: %check_sample --sample %s --target opencl --workdir %t.big --tilec-arg --params=32,1,1,3 -- -DNX=150 -DNY=140 -DSTEPS=8
// CHECK: field U double[37][40] source, halo y -2/+1 x -1/+2
// CHECK: mapping: streamed, work group y=1 x=32, T=3, streaming along y in chunks of 64
// CHECK: tile y=5 (halo -2/+1) x=35 (halo -1/+2), fields U V, 5600 bytes of local memory
#include "Inputs/report.h"

#ifndef NX
#define NX 40
#endif
#ifndef NY
#define NY 37
#endif
#ifndef STEPS
#define STEPS 5
#endif

static double U[NY][NX], V[NY][NX], U2[NY][NX], V2[NY][NX], C[NY][NX];

int main(void) {
  int t, j, i;
  for (j = 0; j < NY; j++)
    for (i = 0; i < NX; i++) {
      U[j][i] = (double)((j * 31 + i * 17) % 29) / 29.0;
      V[j][i] = (double)((j * 7 + i * 13) % 19) / 19.0 - 0.5;
      U2[j][i] = -1.0;
      V2[j][i] = -2.0;
      C[j][i] = 0.5 + 0.001 * (double)(i - j);
    }
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(double U[NY][NX], double V[NY][NX], double C[NY][NX]) destination(double U2[NY][NX], double V2[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (j = 2; j < NY - 2; j++)
      for (i = 1; i < NX - 3; i++) {
        U2[j][i] = C[j][i] * U[j][i] +
                   0.05 * (U[j - 1][i - 1] + U[j - 1][i] + U[j - 1][i + 1] +
                           U[j][i - 1] + U[j][i + 1] + U[j + 1][i - 1] +
                           U[j + 1][i] + U[j + 1][i + 1]) +
                   0.02 * (U[j - 2][i] - U[j][i + 2]) + 0.1 * V[j][i];
        V2[j][i] = 0.9 * V[j][i] - 0.05 * (U[j][i] - U[j - 1][i + 1]) +
                   0.01 * (V[j + 1][i] + V[j - 2][i] + V[j][i + 2] + V[j][i - 1]);
      }
#pragma stencil copy
    for (j = 2; j < NY - 2; j++)
      for (i = 1; i < NX - 3; i++) {
        U[j][i] = U2[j][i];
        V[j][i] = V2[j][i];
      }
  }
#pragma stencil end
  printf("t %d j %d i %d\n", t, j, i);
  report_doubles("U", &U[0][0], NY * NX);
  report_doubles("V", &V[0][0], NY * NX);
  report_doubles("U2", &U2[0][0], NY * NX);
  report_doubles("V2", &V2[0][0], NY * NX);
  return 0;
}
