/* PolyBench's heat-3d shape: a time loop from 1 to STEPS inclusive, two
 * calc nests per step (A into B, then B into A), arrays passed to a
 * function as parameters and allocated on the heap by main; A and B start
 * with different boundaries. -DUSE_DOUBLE for double. -DSHARED_BOUNDARY:
 * B agrees with A outside the calc range, not inside (as in PolyBench,
 * whose A and B start equal), and with -DBUT_ONE_POINT except at one point
 * of the face at the end of x. */
#include <stdlib.h>

#include "report.h"

#ifndef N
#define N 20
#endif
#ifndef STEPS
#define STEPS 9
#endif
#ifdef USE_DOUBLE
#define real double
#define REPORT report_doubles
#else
#define real float
#define REPORT report_floats
#endif

static void kernel_heat_3d(real A[N][N][N], real B[N][N][N]) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(real A[N][N][N], real B[N][N][N])
#pragma stencil dimension(i, j, k)
  for (t = 1; t <= STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++) {
      for (j = 1; j < N - 1; j++) {
        for (k = 1; k < N - 1; k++) {
          B[i][j][k] = (real)0.125 * (A[i + 1][j][k] - (real)2.0 * A[i][j][k] + A[i - 1][j][k])
                     + (real)0.125 * (A[i][j + 1][k] - (real)2.0 * A[i][j][k] + A[i][j - 1][k])
                     + (real)0.125 * (A[i][j][k + 1] - (real)2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
        }
      }
    }
#pragma stencil calc
    for (i = 1; i < N - 1; i++) {
      for (j = 1; j < N - 1; j++) {
        for (k = 1; k < N - 1; k++) {
          A[i][j][k] = (real)0.125 * (B[i + 1][j][k] - (real)2.0 * B[i][j][k] + B[i - 1][j][k])
                     + (real)0.125 * (B[i][j + 1][k] - (real)2.0 * B[i][j][k] + B[i][j - 1][k])
                     + (real)0.125 * (B[i][j][k + 1] - (real)2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
        }
      }
    }
  }
#pragma stencil end
}

int main(void) {
  real (*A)[N][N] = malloc(sizeof(real[N][N][N]));
  real (*B)[N][N] = malloc(sizeof(real[N][N][N]));
  int i, j, k;
  if (!A || !B)
    return 1;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++) {
        /* PolyBench's values are linear, which every sweep leaves as
         * they are: a bump on top makes each sweep change every point. */
        A[i][j][k] = (real)(i + j + (N - k)) * 10 / N +
                     (real)((i * 5 + j * 3 + k * 7) % 11) / 11;
        B[i][j][k] = (real)(i + j + (N - k) + 3) * 7 / N +
                     (real)((i * 3 + j * 7 + k * 5) % 13) / 13;
#ifdef SHARED_BOUNDARY
        if (i == 0 || i == N - 1 || j == 0 || j == N - 1 || k == 0 || k == N - 1)
          B[i][j][k] = A[i][j][k];
#endif
      }
#ifdef BUT_ONE_POINT
  B[N / 2][N / 3][N - 1] += 1;
#endif
  kernel_heat_3d(A, B);
  REPORT("A", &A[0][0][0], (size_t)N * N * N);
  REPORT("B", &B[0][0][0], (size_t)N * N * N);
  free(A);
  free(B);
  return 0;
}
