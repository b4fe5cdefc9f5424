/* PolyBench's jacobi-2d over flat 1D arrays: two sweeps per step (A into B,
 * B into A), A and B indexed as A[i * N + j]. */
#include "report.h"

#ifndef N
#define N 41
#endif
#ifndef STEPS
#define STEPS 9
#endif

static double A[N * N], B[N * N];

int main(void) {
  int t, i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i * N + j] = ((double)i * (j + 2) + 2) / N;
      B[i * N + j] = ((double)i * (j + 3) + 3) / N;
    }
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(double A[N][N], double B[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i * N + j] = 0.2 * (A[i * N + j] + A[i * N + j - 1] +
                              A[i * N + j + 1] + A[(i + 1) * N + j] +
                              A[(i - 1) * N + j]);
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i * N + j] = 0.2 * (B[i * N + j] + B[i * N + j - 1] +
                              B[i * N + j + 1] + B[(i + 1) * N + j] +
                              B[(i - 1) * N + j]);
  }
#pragma stencil end
  report_doubles("A", A, (size_t)N * N);
  report_doubles("B", B, (size_t)N * N);
  return 0;
}
