/* A 3D heat code in double as many are written: flat arrays from malloc
 * read through an indexing macro, a coefficient per axis (so that a
 * swapped axis shows), the time loop in a function that takes the arrays,
 * and the new values copied back each step.
 * Sizes: -DNZ=... -DNY=... -DNX=... -DSTEPS=... */
#include <stdlib.h>

#include "report.h"

#ifndef NZ
#define NZ 19
#endif
#ifndef NY
#define NY 23
#endif
#ifndef NX
#define NX 29
#endif
#ifndef STEPS
#define STEPS 7
#endif

#define AT(a, z, y, x) a[((long)(z) * NY + (y)) * NX + (x)]

static void diffuse(double *temp, double *next, double cz, double cy,
                    double cx) {
  int t, z, y, x;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(double temp[NZ][NY][NX]) destination(double next[NZ][NY][NX])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (z = 1; z < NZ - 1; z++)
      for (y = 1; y < NY - 1; y++)
        for (x = 1; x < NX - 1; x++)
          AT(next, z, y, x) =
              AT(temp, z, y, x) +
              cz * (AT(temp, z - 1, y, x) - 2.0 * AT(temp, z, y, x) +
                    AT(temp, z + 1, y, x)) +
              cy * (AT(temp, z, y - 1, x) - 2.0 * AT(temp, z, y, x) +
                    AT(temp, z, y + 1, x)) +
              cx * (AT(temp, z, y, x - 1) - 2.0 * AT(temp, z, y, x) +
                    AT(temp, z, y, x + 1));
#pragma stencil copy
    for (z = 1; z < NZ - 1; z++)
      for (y = 1; y < NY - 1; y++)
        for (x = 1; x < NX - 1; x++)
          AT(temp, z, y, x) = AT(next, z, y, x);
  }
#pragma stencil end
}

int main(void) {
  size_t points = (size_t)NZ * NY * NX, n;
  double *temp = malloc(sizeof(double) * points);
  double *next = malloc(sizeof(double) * points);
  if (!temp || !next)
    return 1;
  for (n = 0; n < points; n++) {
    temp[n] = (double)(n % 31) / 31.0 + (double)(n % 7) * 0.25;
    next[n] = 0.0;
  }
  diffuse(temp, next, 0.05, 0.11, 0.17);
  report_doubles("temp", temp, points);
  report_doubles("next", next, points);
  free(temp);
  free(next);
  return 0;
}
