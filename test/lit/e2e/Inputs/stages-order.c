/* Stages in an unusual order and shape: a copy nest first (its range
 * reaches past every calc nest's), a boundary stage that reads far rows
 * (B[N - 1][j], a radius of N - 1 along y), and a calc nest whose range is
 * empty. A fused kernel must still cover every point some stage writes. */
#include "report.h"

#define N 16
static float A[N][N], B[N][N];

static void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:3)
#pragma stencil data(float A[N][N], float B[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < 3; t++) {
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = A[i][j];
#pragma stencil calc
    for (j = 0; j < N; j++)
      A[0][j] = B[N - 1][j] + B[1][j];
#pragma stencil calc
    for (i = 5; i < 5; i++)
      for (j = 0; j < N; j++)
        A[i][j] = B[i][j];
  }
#pragma stencil end
}

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (float)(i * 3 + j);
      B[i][j] = (float)(i - j);
    }
  f();
  report_floats("A", &A[0][0], (size_t)N * N);
  report_floats("B", &B[0][0], (size_t)N * N);
  return 0;
}
