// Each nest names its loop variables as it likes: PolyBench 3.2's
// jacobi-1d-imper copies with `j` where its calc loops over `i`, and a 2D
// solver copies over (y, x) where its calc loops over (j, i) in a
// different order of declaration. The loop variables declared outside the
// loops are printed after the regions, as the serial loops leave them.
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 100
#endif

static double A[N], B[N];

static void jacobi_1d_imper(int tsteps) {
  int t, i = -1, j = -1;
#pragma stencil begin
#pragma stencil step(t:tsteps)
#pragma stencil data(double A[N], double B[N])
#pragma stencil dimension(i)
  for (t = 0; t < tsteps; t++) {
#pragma stencil calc
    for (i = 2; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma stencil copy
    for (j = 2; j < N - 1; j++)
      A[j] = B[j];
  }
#pragma stencil end
  printf("1d: i %d j %d\n", i, j);
}

static void solve_2d(int ny, int nx, float (*u)[nx], float (*v)[nx],
                     int steps) {
  int x = -1, y = -1;
#pragma stencil begin
#pragma stencil step(s:steps)
#pragma stencil data(float u[ny][nx], float v[ny][nx])
#pragma stencil dimension(j, i)
  for (int s = 0; s < steps; s++) {
#pragma stencil calc
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        v[j][i] = 0.2f * (u[j][i] + u[j - 1][i] + u[j + 1][i] + u[j][i - 1] +
                          u[j][i + 1]);
#pragma stencil copy
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        u[y][x] = v[y][x];
  }
#pragma stencil end
  printf("2d: x %d y %d\n", x, y);
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 10;
  int ny = argc > 2 ? atoi(argv[2]) : 30, nx = argc > 3 ? atoi(argv[3]) : 40;
  for (int i = 0; i < N; i++) {
    A[i] = ((double)i + 2) / N;
    B[i] = ((double)i + 3) / N;
  }
  jacobi_1d_imper(steps);
  float (*u)[nx] = malloc(sizeof(float[ny][nx]));
  float (*v)[nx] = malloc(sizeof(float[ny][nx]));
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      u[j][i] = v[j][i] = (float)((i * 3 + j * 5) % 8);
  solve_2d(ny, nx, u, v, steps);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += A[i] * (i + 1) + B[i];
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      s += u[j][i] * (i + 1) + v[j][i] * (j + 1);
  printf("sum %.17g\n", s);
  free(u);
  free(v);
  return 0;
}
