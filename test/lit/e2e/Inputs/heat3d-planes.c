/* A 3D heat stencil on a stack of planes of a fixed size: NY x NX is known
 * when the program is compiled, the number of planes and the step count
 * come from the command line (arguments nz steps, defaults 14 5), and the
 * arrays are allocated as `float (*a)[NY][NX] = malloc(nz * sizeof *a)`.
 * Only the slowest extent is known at run time, so kernels keep typed
 * views of the planes. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef NY
#define NY 19
#endif
#ifndef NX
#define NX 23
#endif

static void heat(int nz, int steps, float a[][NY][NX], float b[][NY][NX]) {
  int t, z, y, x;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float a[nz][NY][NX]) destination(float b[nz][NY][NX])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < NY - 1; y++)
        for (x = 1; x < NX - 1; x++)
          b[z][y][x] = 0.125f * (a[z - 1][y][x] + a[z + 1][y][x] +
                                 a[z][y - 1][x] + a[z][y + 1][x] +
                                 a[z][y][x - 1] + a[z][y][x + 1]) +
                       0.25f * a[z][y][x];
#pragma stencil copy
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < NY - 1; y++)
        for (x = 1; x < NX - 1; x++)
          a[z][y][x] = b[z][y][x];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int nz = argc > 1 ? atoi(argv[1]) : 14;
  int steps = argc > 2 ? atoi(argv[2]) : 5;
  float (*a)[NY][NX] = malloc(nz * sizeof *a);
  float (*b)[NY][NX] = malloc(nz * sizeof *b);
  if (!a || !b) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++) {
        a[z][y][x] = (float)((z * 7 + y * 3 + x) % 13);
        b[z][y][x] = -1.0f;
      }
  heat(nz, steps, a, b);
  report_floats("a", &a[0][0][0], (size_t)nz * NY * NX);
  report_floats("b", &b[0][0][0], (size_t)nz * NY * NX);
  free(a);
  free(b);
  return 0;
}
