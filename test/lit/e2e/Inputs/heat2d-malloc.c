/* A 2D heat stencil the way a small research code is written: the grid
 * size and step count come from the command line (arguments ny nx steps,
 * defaults 40 50 6), the arrays are allocated on the heap as pointers to
 * rows of a variable-length type, and a function does the sweeps. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

static void diffuse(int ny, int nx, int steps, float (*u)[nx],
                    float (*un)[nx]) {
  int t, j, i;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float u[ny][nx]) destination(float un[ny][nx])
#pragma stencil dimension(j, i)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + 0.1f * (u[j - 1][i] + u[j + 1][i] + u[j][i - 1] +
                                     u[j][i + 1] - 4.0f * u[j][i]);
#pragma stencil copy
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++)
        u[j][i] = un[j][i];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int ny = argc > 1 ? atoi(argv[1]) : 40;
  int nx = argc > 2 ? atoi(argv[2]) : 50;
  int steps = argc > 3 ? atoi(argv[3]) : 6;
  float (*u)[nx] = malloc(sizeof(float) * nx * ny);
  float (*un)[nx] = malloc(sizeof(float) * nx * ny);
  if (!u || !un) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) {
      u[j][i] = (float)((j * 7 + i * 3) % 11);
      un[j][i] = -1.0f;
    }
  diffuse(ny, nx, steps, u, un);
  report_floats("u", &u[0][0], (size_t)ny * nx);
  report_floats("un", &un[0][0], (size_t)ny * nx);
  free(u);
  free(un);
  return 0;
}
