/* Heat diffusion through a layered medium whose conductivity along each
 * axis is one array of components (kappa[3][NZ][NY][NX], as codes that
 * keep coefficient fields together do), where only the layers below
 * `active` take the new values each step (those above are held fixed):
 * the copy nest's bounds, read at run time, differ from the calc nest's,
 * so it runs as a kernel of its own. Arguments: active steps (defaults
 * NZ - 2 and 5); active at most NZ - 1. Prints sums and hashes. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef NX
#define NX 131
#endif
#ifndef NY
#define NY 7
#endif
#ifndef NZ
#define NZ 9
#endif

static float kappa[3][NZ][NY][NX];
static float u[NZ][NY][NX], un[NZ][NY][NX];

static void diffuse(int steps, int active) {
  int t, i, j, k;
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float kappa[3][NZ][NY][NX], float u[NZ][NY][NX]) destination(float un[NZ][NY][NX])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          un[i][j][k] = u[i][j][k] +
                        kappa[0][i][j][k] * (u[i + 1][j][k] - 2.0f * u[i][j][k] + u[i - 1][j][k]) +
                        kappa[1][i][j][k] * (u[i][j + 1][k] - 2.0f * u[i][j][k] + u[i][j - 1][k]) +
                        kappa[2][i][j][k] * (u[i][j][k + 1] - 2.0f * u[i][j][k] + u[i][j][k - 1]);
#pragma stencil copy
    for (i = 1; i < active; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          u[i][j][k] = un[i][j][k];
  }
#pragma stencil end
  // clang-format on
}

int main(int argc, char **argv) {
  int active = argc > 1 ? atoi(argv[1]) : NZ - 2;
  int steps = argc > 2 ? atoi(argv[2]) : 5;
  if (active < 1 || active > NZ - 1) {
    fprintf(stderr, "active must be in [1, %d]\n", NZ - 1);
    return 1;
  }
  for (int i = 0; i < NZ; i++)
    for (int j = 0; j < NY; j++)
      for (int k = 0; k < NX; k++) {
        u[i][j][k] = (float)((i * 7 + j * 3 + k) % 17) / 17.0f;
        un[i][j][k] = 0.0f;
        for (int c = 0; c < 3; c++)
          kappa[c][i][j][k] = 0.05f + 0.01f * (float)((i + 2 * j + 3 * k + c) % 5);
      }
  diffuse(steps, active);
  report_floats("u", &u[0][0][0], (size_t)NZ * NY * NX);
  report_floats("un", &un[0][0][0], (size_t)NZ * NY * NX);
  return 0;
}
