// Shaped like NVIDIA's OpenACC and OpenMP laplace2d examples: the loops
// keep their `#pragma acc` and `#pragma omp` lines, above and below
// tilec's own directives. tilec ignores them (a remark says so) and the
// serial build, with or without -fopenmp, still uses them.
#include <math.h>
#include <stdio.h>

#ifndef NN
#define NN 64
#endif
#ifndef NM
#define NM 48
#endif

static double A[NN][NM], Anew[NN][NM];

int main(void) {
  const int n = NN, m = NM, iter_max = 300;
  const double tol = 1.0e-6;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      A[j][i] = Anew[j][i] = j == 0 ? 1.0 : 0.0;
  double error = 1.0;
  int iter = 0;
#pragma stencil begin
#pragma stencil step(iter:iter_max)
#pragma stencil data(double A[NN][NM], double Anew[NN][NM])
#pragma stencil dimension(j, i)
#pragma acc data copy(A), create(Anew)
  while (error > tol && iter < iter_max) {
    error = 0.0;
#pragma omp parallel for reduction(max:error)
#pragma acc kernels
#pragma stencil calc reduction(max:error)
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop
      for (int i = 1; i < m - 1; i++) {
        Anew[j][i] =
            0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
        error = fmax(error, fabs(Anew[j][i] - A[j][i]));
      }
    }
#pragma stencil copy
#pragma omp parallel for
#pragma acc kernels
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j][i] = Anew[j][i];
    if (iter % 100 == 0)
      printf("%5d, %0.6f\n", iter, error);
    iter++;
  }
#pragma stencil end
  printf("iter %d error %.17g A[5][5] %.17g\n", iter, error, A[5][5]);
  return 0;
}
