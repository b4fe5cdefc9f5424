/* A 2D heat code in the shape many are written: flat `double *` arrays
 * from malloc read through an indexing macro, a conductivity per point,
 * the time loop in a function that takes the arrays, and the new values
 * copied back each step. Sizes: -DNY=... -DNX=... -DSTEPS=... */
#include <stdlib.h>
#include "report.h"

#ifndef NY
#define NY 37
#endif
#ifndef NX
#define NX 53
#endif
#ifndef STEPS
#define STEPS 9
#endif

#define U(i, j) u[(i) * NX + (j)]

static void diffuse(double *u, double *unew, const double *kappa) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(double u[NY][NX], double kappa[NY][NX]) destination(double unew[NY][NX])
#pragma stencil dimension(i, j)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < NY - 1; i++)
      for (j = 1; j < NX - 1; j++)
        unew[i * NX + j] =
            U(i, j) + kappa[i * NX + j] * (U(i - 1, j) + U(i + 1, j) +
                                           U(i, j - 1) + U(i, j + 1) -
                                           4.0 * U(i, j));
#pragma stencil copy
    for (i = 1; i < NY - 1; i++)
      for (j = 1; j < NX - 1; j++)
        U(i, j) = unew[i * NX + j];
  }
#pragma stencil end
}

int main(void) {
  double *u = malloc(sizeof(double) * NY * NX);
  double *unew = malloc(sizeof(double) * NY * NX);
  double *kappa = malloc(sizeof(double) * NY * NX);
  long n;
  if (!u || !unew || !kappa)
    return 1;
  for (n = 0; n < (long)NY * NX; n++) {
    u[n] = (double)(n % 23) / 23.0;
    unew[n] = 0.0;
    kappa[n] = 0.1 + (double)(n % 5) * 0.01;
  }
  diffuse(u, unew, kappa);
  report_doubles("u", u, (size_t)NY * NX);
  report_doubles("unew", unew, (size_t)NY * NX);
  free(u);
  free(unew);
  free(kappa);
  return 0;
}
