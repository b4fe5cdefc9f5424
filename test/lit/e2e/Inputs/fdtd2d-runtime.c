/* PolyBench's fdtd-2d shape with its sizes known only at run time: a
 * boundary row of ey from the per-step table fict[t], then ey, ex and hz
 * updated in place over three different ranges, on arrays the kernel takes
 * as `float ex[nx][ny]`, sized from the command line (arguments nx ny
 * tmax, defaults DEFAULT_NX = 30, DEFAULT_NY = 37 and DEFAULT_TMAX = 6). */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_NX
#define DEFAULT_NX 30
#endif
#ifndef DEFAULT_NY
#define DEFAULT_NY 37
#endif
#ifndef DEFAULT_TMAX
#define DEFAULT_TMAX 6
#endif

static void kernel_fdtd_2d(int tmax, int nx, int ny, float ex[nx][ny],
                           float ey[nx][ny], float hz[nx][ny],
                           const float *fict) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:tmax)
#pragma stencil data(float ex[nx][ny], float ey[nx][ny], float hz[nx][ny])
#pragma stencil dimension(i, j)
  for (t = 0; t < tmax; t++) {
#pragma stencil calc
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma stencil calc
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
#pragma stencil calc
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5f * (hz[i][j] - hz[i][j - 1]);
#pragma stencil calc
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7f * (ex[i][j + 1] - ex[i][j] +
                                      ey[i + 1][j] - ey[i][j]);
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : DEFAULT_NX;
  int ny = argc > 2 ? atoi(argv[2]) : DEFAULT_NY;
  int tmax = argc > 3 ? atoi(argv[3]) : DEFAULT_TMAX;
  float (*ex)[ny] = malloc(sizeof(float) * nx * ny);
  float (*ey)[ny] = malloc(sizeof(float) * nx * ny);
  float (*hz)[ny] = malloc(sizeof(float) * nx * ny);
  float *fict = malloc(sizeof(float) * (tmax > 0 ? tmax : 1));
  if (!ex || !ey || !hz || !fict) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int t = 0; t < tmax; t++)
    fict[t] = (float)t;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      ex[i][j] = ((float)i * (j + 1)) / nx;
      ey[i][j] = ((float)i * (j + 2)) / ny;
      hz[i][j] = ((float)i * (j + 3)) / nx;
    }
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);
  report_floats("ex", &ex[0][0], (size_t)nx * ny);
  report_floats("ey", &ey[0][0], (size_t)nx * ny);
  report_floats("hz", &hz[0][0], (size_t)nx * ny);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
