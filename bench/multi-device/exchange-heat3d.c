/* What the halo exchanges cost (bench/multi-device/run.sh): a 3D heat
 * relaxation in a function that the program calls twice, timing each call
 * (the first pays for the device's start-up), so that the second call's
 * time is the region's: transfers, launches and exchanges. With a small
 * grid and many steps the exchanges weigh. Sizes by -DN=... -DSTEPS=...;
 * the result goes to stdout, the times to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 128
#endif
#ifndef STEPS
#define STEPS 1000
#endif

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static void relax(float u[N][N][N], float v[N][N][N]) {
  int t, i, j, k;
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float u[N][N][N]) destination(float v[N][N][N])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          v[i][j][k] = 0.4f * u[i][j][k] +
                       0.1f * (u[i - 1][j][k] + u[i + 1][j][k] +
                               u[i][j - 1][k] + u[i][j + 1][k] +
                               u[i][j][k - 1] + u[i][j][k + 1]);
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          u[i][j][k] = v[i][j][k];
  }
#pragma stencil end
  // clang-format on
}

int main(void) {
  float(*u)[N][N] = malloc(sizeof(float[N][N][N]));
  float(*v)[N][N] = malloc(sizeof(float[N][N][N]));
  if (u == NULL || v == NULL)
    return 1;
  for (int call = 1; call <= 2; call++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < N; k++)
          u[i][j][k] = v[i][j][k] = (float)((i * 7 + j * 3 + k) % 17) / 17.0f;
    double start = seconds();
    relax(u, v);
    fprintf(stderr, "call %d time %.3f ms\n", call, (seconds() - start) * 1e3);
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        sum += u[i][j][k];
  printf("exchange-heat3d n=%d steps=%d sum %.9e centre %.9e\n", N, STEPS, sum,
         (double)u[N / 2][N / 2][N / 2]);
  free(u);
  free(v);
  return 0;
}
