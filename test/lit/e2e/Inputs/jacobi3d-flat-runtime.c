/* A 3D Jacobi sweep in the flat style most C codes use: the grid size and
 * the step count come from the command line (arguments nz ny nx steps,
 * defaults 14 11 19 4), the arrays are plain `double *` from malloc, read
 * through an index macro over the run-time extents, and every step sums the
 * squared change, as Himeno's gosa does. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#define IDX(z, y, x) (((size_t)(z) * ny + (y)) * nx + (x))

static double relax(int nz, int ny, int nx, int steps, double *p,
                    double *pn, const double *w) {
  double change = 0.0;
  int t, k, j, i;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(double p[nz][ny][nx], double w[nz][ny][nx]) destination(double pn[nz][ny][nx])
#pragma stencil dimension(k, j, i)
  for (t = 0; t < steps; t++) {
    change = 0.0;
#pragma stencil calc reduction(+:change)
    for (k = 1; k < nz - 1; k++)
      for (j = 1; j < ny - 1; j++)
        for (i = 1; i < nx - 1; i++) {
          double s = (p[IDX(k - 1, j, i)] + p[IDX(k + 1, j, i)] +
                      p[IDX(k, j - 1, i)] + p[IDX(k, j + 1, i)] +
                      p[IDX(k, j, i - 1)] + p[IDX(k, j, i + 1)]) /
                         6.0 * w[IDX(k, j, i)] -
                     p[IDX(k, j, i)];
          change += s * s;
          pn[IDX(k, j, i)] = p[IDX(k, j, i)] + 0.8 * s;
        }
#pragma stencil copy
    for (k = 1; k < nz - 1; k++)
      for (j = 1; j < ny - 1; j++)
        for (i = 1; i < nx - 1; i++)
          p[IDX(k, j, i)] = pn[IDX(k, j, i)];
  }
#pragma stencil end
  return change;
}

int main(int argc, char **argv) {
  int nz = argc > 1 ? atoi(argv[1]) : 14;
  int ny = argc > 2 ? atoi(argv[2]) : 11;
  int nx = argc > 3 ? atoi(argv[3]) : 19;
  int steps = argc > 4 ? atoi(argv[4]) : 4;
  size_t n = (size_t)nz * ny * nx;
  double *p = malloc(n * sizeof *p);
  double *pn = malloc(n * sizeof *pn);
  double *w = malloc(n * sizeof *w);
  if (!p || !pn || !w) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        p[IDX(k, j, i)] = (double)(k * k) / ((nz - 1) * (nz - 1) + 1);
        pn[IDX(k, j, i)] = 0.0;
        w[IDX(k, j, i)] = 1.0 + 0.01 * ((k + 2 * j + 3 * i) % 7);
      }
  double change = relax(nz, ny, nx, steps, p, pn, w);
  printf("change %.17e\n", change);
  report_doubles("p", p, n);
  report_doubles("pn", pn, n);
  free(p);
  free(pn);
  free(w);
  return 0;
}
