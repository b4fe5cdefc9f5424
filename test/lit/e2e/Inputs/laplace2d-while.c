// Shaped like NVIDIA's OpenACC laplace2d example: a while loop that stops
// at convergence (a max-reduction of the step) or at a step limit, the
// counter advanced at the end of the body, a copy nest, and a progress
// line printed from inside the loop every 100 steps. Sizes and the limit
// from argv, arrays on the heap; REAL is double or float.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL double
#endif

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  int m = argc > 2 ? atoi(argv[2]) : 48;
  int iter_max = argc > 3 ? atoi(argv[3]) : 500;
  const double tol = 1.0e-5;
  REAL (*A)[m] = malloc(sizeof(REAL[n][m]));
  REAL (*Anew)[m] = malloc(sizeof(REAL[n][m]));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      A[j][i] = j == 0 ? 1.0 : 0.0;
      Anew[j][i] = A[j][i];
    }
  double error = 1.0;
  int iter = 0;
#pragma stencil begin
#pragma stencil step(iter:iter_max)
#pragma stencil data(REAL A[n][m], REAL Anew[n][m])
#pragma stencil dimension(j, i)
  while (error > tol && iter < iter_max) {
    error = 0.0;
#pragma stencil calc reduction(max:error)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++) {
        Anew[j][i] =
            0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
        error = fmax(error, fabs(Anew[j][i] - A[j][i]));
      }
#pragma stencil copy
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j][i] = Anew[j][i];
    if (iter % 100 == 0)
      printf("%5d, %0.6f\n", iter, error);
    iter++;
  }
#pragma stencil end
  double sum = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      sum += A[j][i] * (j + 1) + Anew[j][i] * (i + 1);
  printf("iter %d error %.17g sum %.17g\n", iter, error, sum);
  free(A);
  free(Anew);
  return 0;
}
