/* A 3D heat stencil in a function that takes its arrays as variable-length
 * array parameters, `float a[nz][ny][nx]`, called on arrays allocated as
 * `float (*a)[ny][nx] = malloc(...)`; sizes and step count from the
 * command line (arguments nz ny nx steps, defaults 12 17 21 5). */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

static void heat(int nz, int ny, int nx, int steps, float a[nz][ny][nx],
                 float b[nz][ny][nx]) {
  int t;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float a[nz][ny][nx]) destination(float b[nz][ny][nx])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = 0.125f * (a[z - 1][y][x] + a[z + 1][y][x] +
                                 a[z][y - 1][x] + a[z][y + 1][x] +
                                 a[z][y][x - 1] + a[z][y][x + 1]) +
                       0.25f * a[z][y][x];
#pragma stencil copy
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          a[z][y][x] = b[z][y][x];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int nz = argc > 1 ? atoi(argv[1]) : 12;
  int ny = argc > 2 ? atoi(argv[2]) : 17;
  int nx = argc > 3 ? atoi(argv[3]) : 21;
  int steps = argc > 4 ? atoi(argv[4]) : 5;
  float (*a)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  float (*b)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  if (!a || !b) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        a[z][y][x] = (float)((z * 5 + y * 3 + x) % 17);
        b[z][y][x] = 0.0f;
      }
  heat(nz, ny, nx, steps, a, b);
  report_floats("a", &a[0][0][0], (size_t)nz * ny * nx);
  report_floats("b", &b[0][0][0], (size_t)nz * ny * nx);
  free(a);
  free(b);
  return 0;
}
