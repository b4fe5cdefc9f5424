// A copy nest over a smaller range than calc cannot become a buffer swap:
// it runs as a kernel. Also a read-only coefficient array and a double
// scalar captured from the host.
// RUN: %tilec --dump-ir %s | %FileCheck %s
// RUN: %check_sample --sample %s --target opencl --workdir %t.ocl -- -DNX=21 -DNY=13 -DSTEPS=5
// RUN: %check_sample --sample %s --target cuda --workdir %t.cuda -- -DNX=21 -DNY=13 -DSTEPS=5
// CHECK: field C float[{{[0-9]+}}][{{[0-9]+}}] read-only
// CHECK: copy strategy: kernel (the copy range differs from the calc range along x)
#include "Inputs/report.h"

#ifndef NX
#define NX 16
#endif
#ifndef NY
#define NY 12
#endif
#ifndef STEPS
#define STEPS 3
#endif

float A[NY][NX], B[NY][NX], C[NY][NX];

int main(void) {
  const double k = 0.125;
  int t, y, x;
  for (y = 0; y < NY; y++)
    for (x = 0; x < NX; x++) {
      A[y][x] = (float)((y * 7 + x * 3) % 11);
      B[y][x] = -1.0f - x;
      C[y][x] = 0.5f + (float)((x + y) % 3) * 0.25f;
    }
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float A[NY][NX], float C[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(y, x)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
        B[y][x] = C[y][x] * A[y][x] + k * (A[y - 1][x] + A[y + 1][x] - A[y][x - 1]);
#pragma stencil copy
    for (y = 1; y < NY - 1; y++)
      for (x = 2; x < NX - 1; x++)
        A[y][x] = B[y][x];
  }
#pragma stencil end
  report_floats("A", &A[0][0], NY * NX);
  report_floats("B", &B[0][0], NY * NX);
  printf("y %d x %d t %d\n", y, x, t);
  return 0;
}
