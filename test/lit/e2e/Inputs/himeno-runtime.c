/* The original Himeno benchmark's shape: static arrays of a maximum size,
 * the grid actually used (imax x jmax x kmax) and the step count read at
 * run time, file-scope sizes set in main, loops bounded by them, and a
 * residual summed every step. Arguments: imax jmax kmax nn (defaults 33 17
 * 25 4); they must not exceed MIMAX MJMAX MKMAX. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef MIMAX
#define MIMAX 33
#endif
#ifndef MJMAX
#define MJMAX 17
#endif
#ifndef MKMAX
#define MKMAX 25
#endif

static float p[MIMAX][MJMAX][MKMAX];
static float bnd[MIMAX][MJMAX][MKMAX];
static float wrk1[MIMAX][MJMAX][MKMAX];
static float wrk2[MIMAX][MJMAX][MKMAX];
static int imax, jmax, kmax;
static float omega = 0.8f;

static float jacobi(int nn) {
  int i, j, k, n;
  float gosa = 0.0f, s0, ss;
#pragma stencil begin
#pragma stencil step(n:nn)
#pragma stencil data source(float p[MIMAX][MJMAX][MKMAX], float bnd[MIMAX][MJMAX][MKMAX], float wrk1[MIMAX][MJMAX][MKMAX]) destination(float wrk2[MIMAX][MJMAX][MKMAX])
#pragma stencil dimension(i, j, k)
  for (n = 0; n < nn; ++n) {
    gosa = 0.0f;
#pragma stencil calc reduction(+:gosa)
    for (i = 1; i < imax - 1; i++)
      for (j = 1; j < jmax - 1; j++)
        for (k = 1; k < kmax - 1; k++) {
          s0 = (p[i + 1][j][k] + p[i - 1][j][k] + p[i][j + 1][k] +
                p[i][j - 1][k] + p[i][j][k + 1] + p[i][j][k - 1]) *
                   (1.0f / 6.0f) +
               wrk1[i][j][k];
          ss = (s0 - p[i][j][k]) * bnd[i][j][k];
          gosa += ss * ss;
          wrk2[i][j][k] = p[i][j][k] + omega * ss;
        }
#pragma stencil copy
    for (i = 1; i < imax - 1; i++)
      for (j = 1; j < jmax - 1; j++)
        for (k = 1; k < kmax - 1; k++)
          p[i][j][k] = wrk2[i][j][k];
  }
#pragma stencil end
  return gosa;
}

int main(int argc, char **argv) {
  int i, j, k, nn;
  float gosa;
  imax = argc > 1 ? atoi(argv[1]) : MIMAX;
  jmax = argc > 2 ? atoi(argv[2]) : MJMAX;
  kmax = argc > 3 ? atoi(argv[3]) : MKMAX;
  nn = argc > 4 ? atoi(argv[4]) : 4;
  for (i = 0; i < MIMAX; i++)
    for (j = 0; j < MJMAX; j++)
      for (k = 0; k < MKMAX; k++) {
        p[i][j][k] = (float)(i * i) / (float)(MIMAX * MIMAX);
        bnd[i][j][k] = 1.0f;
        wrk1[i][j][k] = 0.0f;
        wrk2[i][j][k] = (float)((i + j + k) % 5);
      }
  gosa = jacobi(nn);
  printf("gosa %.6e\n", (double)gosa);
  report_floats("p", &p[0][0][0], (size_t)MIMAX * MJMAX * MKMAX);
  report_floats("wrk2", &wrk2[0][0][0], (size_t)MIMAX * MJMAX * MKMAX);
  return 0;
}
