/* PolyBench's jacobi-2d shape with its sizes known only at run time, as
 * PolyBench's C99 prototypes declare them: the kernel takes `double
 * A[n][n]`, the step count is a parameter, and main allocates the arrays
 * on the heap from the command line (arguments n tsteps, defaults
 * DEFAULT_N = 40 and DEFAULT_TSTEPS = 9). -DFLOAT uses float;
 * -DSHARED_BOUNDARY makes B agree with A on the outermost rows and columns. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_N
#define DEFAULT_N 40
#endif
#ifndef DEFAULT_TSTEPS
#define DEFAULT_TSTEPS 9
#endif

#ifdef FLOAT
#define DATA_TYPE float
#else
#define DATA_TYPE double
#endif

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[n][n],
                             DATA_TYPE B[n][n]) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:tsteps)
#pragma stencil data(DATA_TYPE A[n][n], DATA_TYPE B[n][n])
#pragma stencil dimension(i, j)
  for (t = 0; t < tsteps; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = (DATA_TYPE)0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] +
                                    A[1 + i][j] + A[i - 1][j]);
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = (DATA_TYPE)0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] +
                                    B[1 + i][j] + B[i - 1][j]);
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : DEFAULT_N;
  int tsteps = argc > 2 ? atoi(argv[2]) : DEFAULT_TSTEPS;
  DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE) * n * n);
  DATA_TYPE (*B)[n] = malloc(sizeof(DATA_TYPE) * n * n);
  if (!A || !B) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
#ifdef SHARED_BOUNDARY
      if (i == 0 || i == n - 1 || j == 0 || j == n - 1)
        B[i][j] = A[i][j];
#endif
    }
  kernel_jacobi_2d(tsteps, n, A, B);
#ifdef FLOAT
  report_floats("A", &A[0][0], (size_t)n * n);
  report_floats("B", &B[0][0], (size_t)n * n);
#else
  report_doubles("A", &A[0][0], (size_t)n * n);
  report_doubles("B", &B[0][0], (size_t)n * n);
#endif
  free(A);
  free(B);
  return 0;
}
