/* Two fields updated in one time step, sizes from the command line
 * (arguments ny nx steps; defaults DEFAULT_NY = 40, DEFAULT_NX = 50 and
 * DEFAULT_STEPS = 9): a smoothing sweep of u into w, then an in-place
 * relaxation of u towards w over a narrower range, the kind of step a
 * reaction-diffusion code writes. The kernel takes VLA parameters; main
 * allocates on the heap. Prints sums and samples. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_NY
#define DEFAULT_NY 40
#endif
#ifndef DEFAULT_NX
#define DEFAULT_NX 50
#endif
#ifndef DEFAULT_STEPS
#define DEFAULT_STEPS 9
#endif

static void relax(int steps, int ny, int nx, double u[ny][nx],
                  double w[ny][nx]) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data(double u[ny][nx], double w[ny][nx])
#pragma stencil dimension(i, j)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++)
        w[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
#pragma stencil calc
    for (i = 2; i < ny - 2; i++)
      for (j = 1; j < nx - 1; j++)
        u[i][j] = u[i][j] + 0.5 * (w[i][j] - u[i][j]);
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int ny = argc > 2 ? atoi(argv[1]) : DEFAULT_NY;
  int nx = argc > 2 ? atoi(argv[2]) : DEFAULT_NX;
  int steps = argc > 3 ? atoi(argv[3]) : DEFAULT_STEPS;
  double (*u)[nx] = malloc(sizeof(double) * ny * nx);
  double (*w)[nx] = malloc(sizeof(double) * ny * nx);
  if (!u || !w)
    return 1;
  for (int i = 0; i < ny; i++)
    for (int j = 0; j < nx; j++) {
      u[i][j] = (double)((i * 7 + j * 3) % 11) / 11;
      w[i][j] = -1.0;
    }
  relax(steps, ny, nx, u, w);
  report_doubles("u", &u[0][0], (size_t)ny * nx);
  report_doubles("w", &w[0][0], (size_t)ny * nx);
  free(u);
  free(w);
  return 0;
}
