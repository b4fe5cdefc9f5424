/* A time loop counted the way PolyBench's heat-3d counts it, from 1 to
 * TSTEPS inclusive, in a function that receives the grids as parameters.
 * The loop variable is printed after the region: the serial loop leaves it
 * at TSTEPS + 1. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 40
#endif
#ifndef TSTEPS
#define TSTEPS 10
#endif

static int kernel_heat(double A[N][N], double B[N][N]) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:TSTEPS)
#pragma stencil data source(double A[N][N]) destination(double B[N][N])
#pragma stencil dimension(i, j)
  for (t = 1; t <= TSTEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = 0.125 * (A[i + 1][j] - 2.0 * A[i][j] + A[i - 1][j]) +
                  0.125 * (A[i][j + 1] - 2.0 * A[i][j] + A[i][j - 1]) +
                  A[i][j];
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma stencil end
  return t;
}

int main(void) {
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double (*B)[N] = malloc(sizeof(double[N][N]));
  if (!A || !B)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = (double)(i + N - j) * 10 / N;
  int t = kernel_heat(A, B);
  printf("t after the loop %d\n", t);
  for (int i = 0; i < N; i += 3)
    for (int j = 0; j < N; j += 4)
      printf("A[%d][%d] %.17g B %.17g\n", i, j, A[i][j], B[i][j]);
  free(A);
  free(B);
  return 0;
}
