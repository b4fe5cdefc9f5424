/* One region written with the role-free data clause (-DROLE_FREE) or with
 * source(...) destination(...): a 2D relaxation with a read-only
 * coefficient array, a residual sum and a copy nest. Both forms must give
 * the same IR and the same results. */
#include <stdio.h>

#ifndef N
#define N 30
#endif
#ifndef STEPS
#define STEPS 6
#endif

static float p[N][N], q[N][N], coef[N][N];

int main(void) {
  int t, i, j;
  float res = 0.0f;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      p[i][j] = (float)((i * 5 + j * 3) % 7);
      q[i][j] = 0.0f;
      coef[i][j] = 0.1f + 0.01f * (float)((i + j) % 4);
    }
#pragma stencil begin
#pragma stencil step(t:STEPS)
#ifdef ROLE_FREE
#pragma stencil data(float q[N][N], float coef[N][N], float p[N][N])
#else
#pragma stencil data source(float coef[N][N], float p[N][N]) destination(float q[N][N])
#endif
#pragma stencil dimension(i, j)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc reduction(+:res)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++) {
        float d = p[i - 1][j] + p[i + 1][j] + p[i][j - 1] + p[i][j + 1] -
                  4.0f * p[i][j];
        res += d * d;
        q[i][j] = p[i][j] + coef[i][j] * d;
      }
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        p[i][j] = q[i][j];
  }
#pragma stencil end
  printf("res %.9e\n", (double)res);
  for (i = 0; i < N; i += 3)
    for (j = 0; j < N; j += 4)
      printf("p[%d][%d] %.9e q %.9e\n", i, j, (double)p[i][j], (double)q[i][j]);
  return 0;
}
