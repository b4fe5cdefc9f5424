/* A source term that changes every step, read from tables indexed by the
 * time variable (fdtd-2d's fict[t] is such a table): pulse[t] and
 * gain[t + 1][1] are evaluated on the host at every step and passed to the
 * kernel. The tables are plain C arrays outside the data clause. */
#include <stdio.h>

#ifndef N
#define N 64
#endif
#ifndef TSTEPS
#define TSTEPS 12
#endif

static double A[N][N], B[N][N], S[N][N];
static double pulse[TSTEPS];
static double gain[TSTEPS + 1][2];

int main(void) {
  int t, i, j;
  for (t = 0; t < TSTEPS; t++) {
    pulse[t] = 0.5 * (double)(t % 4);
    gain[t][0] = 0.0;
    gain[t][1] = 1.0 / (double)(t + 2);
  }
  gain[TSTEPS][1] = 0.25;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = B[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
      S[i][j] = (i - N / 2) * (i - N / 2) + (j - N / 2) * (j - N / 2) < 30
                    ? 1.0
                    : 0.0;
    }
#pragma stencil begin
#pragma stencil step(t:TSTEPS)
#pragma stencil data(double A[N][N], double B[N][N], double S[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < TSTEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                         A[i][j + 1]) +
                  pulse[t] * gain[t + 1][1] * S[i][j];
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma stencil end
  for (i = 0; i < N; i += 7)
    for (j = 0; j < N; j += 5)
      printf("A[%d][%d] %.17g B %.17g\n", i, j, A[i][j], B[i][j]);
  return 0;
}
