// The 27-point box stencil of box-components.c without its host statement,
// so T > 1 is allowed: streamed along z (D = 1), steps 2 .. T read the
// planes above and below from the rings at y/x offsets, with the calc range
// starting at plane 2 and a read-only field with components.
// RUN: %sweep --max 16,8,1 --tmax 3 --workdir %t.sweep --sample %s -- -DNX=13 -DNY=11 -DNZ=9 -DSTEPS=5
// Several chunks of planes (T = 2: chunks of 32) and overlapping groups:
// RUN: %check_sample --sample %s --target opencl --workdir %t.big --tilec-arg --params=8,8,1,2 -- -DNX=21 -DNY=19 -DNZ=70 -DSTEPS=5
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
  const float cw = 0.75f;
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
