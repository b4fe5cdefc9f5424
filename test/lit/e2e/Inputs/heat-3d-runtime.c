/* PolyBench's heat-3d shape with its sizes known only at run time: the
 * kernel takes `float A[n][n][n]` and the step count as parameters, the
 * time loop runs from 1 to tsteps inclusive, and main allocates the arrays
 * on the heap from the command line (arguments n tsteps, defaults
 * DEFAULT_N = 20 and DEFAULT_TSTEPS = 9). A and B start with different
 * boundaries. -DUSE_DOUBLE for double; -DSHARED_BOUNDARY gives B A's
 * values outside the calc range (PolyBench starts A and B equal). */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_N
#define DEFAULT_N 20
#endif
#ifndef DEFAULT_TSTEPS
#define DEFAULT_TSTEPS 9
#endif

#ifdef USE_DOUBLE
#define real double
#define REPORT report_doubles
#else
#define real float
#define REPORT report_floats
#endif

static void kernel_heat_3d(int tsteps, int n, real A[n][n][n],
                           real B[n][n][n]) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:tsteps)
#pragma stencil data(real A[n][n][n], real B[n][n][n])
#pragma stencil dimension(i, j, k)
  for (t = 1; t <= tsteps; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = (real)0.125 * (A[i + 1][j][k] - (real)2.0 * A[i][j][k] + A[i - 1][j][k])
                     + (real)0.125 * (A[i][j + 1][k] - (real)2.0 * A[i][j][k] + A[i][j - 1][k])
                     + (real)0.125 * (A[i][j][k + 1] - (real)2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = (real)0.125 * (B[i + 1][j][k] - (real)2.0 * B[i][j][k] + B[i - 1][j][k])
                     + (real)0.125 * (B[i][j + 1][k] - (real)2.0 * B[i][j][k] + B[i][j - 1][k])
                     + (real)0.125 * (B[i][j][k + 1] - (real)2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : DEFAULT_N;
  int tsteps = argc > 2 ? atoi(argv[2]) : DEFAULT_TSTEPS;
  real (*A)[n][n] = malloc(sizeof(real) * n * n * n);
  real (*B)[n][n] = malloc(sizeof(real) * n * n * n);
  if (!A || !B) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) {
        /* PolyBench's values are linear, which every sweep leaves as
         * they are: a bump on top makes each sweep change every point. */
        A[i][j][k] = (real)(i + j + (n - k)) * 10 / n +
                     (real)((i * 5 + j * 3 + k * 7) % 11) / 11;
        B[i][j][k] = (real)(i + j + (n - k) + 3) * 7 / n +
                     (real)((i * 3 + j * 7 + k * 5) % 13) / 13;
#ifdef SHARED_BOUNDARY
        if (i == 0 || i == n - 1 || j == 0 || j == n - 1 || k == 0 || k == n - 1)
          B[i][j][k] = A[i][j][k];
#endif
      }
  kernel_heat_3d(tsteps, n, A, B);
  REPORT("A", &A[0][0][0], (size_t)n * n * n);
  REPORT("B", &B[0][0][0], (size_t)n * n * n);
  free(A);
  free(B);
  return 0;
}
