// A 27-point box stencil on arrays passed as function parameters, with a
// two-component coefficient array, a local temporary, a calc range that is
// not symmetric, and a host statement in the time loop that changes a
// captured scalar every step.
// RUN: %tilec --dump-ir %s -- -DNX=11 -DNY=9 -DNZ=7 | %FileCheck %s
// RUN: %check_sample --sample %s --target opencl --workdir %t.ocl -- -DNX=11 -DNY=9 -DNZ=7 -DSTEPS=4
// RUN: %check_sample --sample %s --target cuda --workdir %t.cuda -- -DNX=11 -DNY=9 -DNZ=7 -DSTEPS=4
// CHECK: axis z: var i (int), extent 7, calc [2, 6)
// CHECK: field U float[7][9][11] source, halo z -1/+1 y -1/+1 x -1/+1
// CHECK: field W float[2][7][9][11] read-only, halo z -0/+0 y -0/+0 x -0/+0
// CHECK: scalar cw float
// CHECK: local sum float
// CHECK: time-loop body: calc; copy; host `cw = cw * 0.5f;`;
// CHECK: copy strategy: swap
#include "Inputs/report.h"

#ifndef NX
#define NX 12
#endif
#ifndef NY
#define NY 10
#endif
#ifndef NZ
#define NZ 8
#endif
#ifndef STEPS
#define STEPS 3
#endif

static float U[NZ][NY][NX], V[NZ][NY][NX], W[2][NZ][NY][NX];

static void smooth(float U[NZ][NY][NX], float V[NZ][NY][NX],
                   float W[2][NZ][NY][NX]) {
  float cw = 1.0f;
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float U[NZ][NY][NX], float W[2][NZ][NY][NX]) destination(float V[NZ][NY][NX])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 2; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++) {
          float sum = U[i - 1][j - 1][k - 1] + U[i - 1][j - 1][k] + U[i - 1][j - 1][k + 1] +
                      U[i - 1][j][k - 1] + U[i - 1][j][k] + U[i - 1][j][k + 1] +
                      U[i - 1][j + 1][k - 1] + U[i - 1][j + 1][k] + U[i - 1][j + 1][k + 1] +
                      U[i][j - 1][k - 1] + U[i][j - 1][k] + U[i][j - 1][k + 1] +
                      U[i][j][k - 1] + U[i][j][k + 1] +
                      U[i][j + 1][k - 1] + U[i][j + 1][k] + U[i][j + 1][k + 1] +
                      U[i + 1][j - 1][k - 1] + U[i + 1][j - 1][k] + U[i + 1][j - 1][k + 1] +
                      U[i + 1][j][k - 1] + U[i + 1][j][k] + U[i + 1][j][k + 1] +
                      U[i + 1][j + 1][k - 1] + U[i + 1][j + 1][k] + U[i + 1][j + 1][k + 1];
          V[i][j][k] = W[0][i][j][k] * U[i][j][k] + W[1][i][j][k] * cw * sum / 26.0f;
        }
#pragma stencil copy
    for (i = 2; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          U[i][j][k] = V[i][j][k];
    cw = cw * 0.5f;
  }
#pragma stencil end
  printf("i %d j %d k %d t %d cw %.9e\n", i, j, k, t, (double)cw);
}

int main(void) {
  for (int i = 0; i < NZ; i++)
    for (int j = 0; j < NY; j++)
      for (int k = 0; k < NX; k++) {
        U[i][j][k] = (float)((i * 31 + j * 17 + k * 7) % 23) / 23.0f;
        V[i][j][k] = 5.0f + (float)k;
        W[0][i][j][k] = 0.25f + 0.01f * (float)i;
        W[1][i][j][k] = 0.75f - 0.01f * (float)j;
      }
  smooth(U, V, W);
  report_floats("U", &U[0][0][0], NZ * NY * NX);
  report_floats("V", &V[0][0][0], NZ * NY * NX);
  return 0;
}
