// A Jacobi solver in a function whose grids are its pointer parameters:
// each step sweeps a into b and exchanges the pointers, and the function
// returns the one that holds the last sweep (Parboil's stencil keeps its
// grids so). Sizes and steps from argv; the caller prints both buffers.
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL double
#endif

static REAL (*solve(int ny, int nx, REAL (*a)[nx], REAL (*b)[nx], int steps,
                    REAL w))[] {
  REAL (*t)[nx];
#pragma stencil begin
#pragma stencil step(s:steps)
#pragma stencil data(REAL a[ny][nx], REAL b[ny][nx])
#pragma stencil dimension(j, i)
  for (int s = 0; s < steps; s++) {
#pragma stencil calc
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        b[j][i] = (1 - w) * a[j][i] +
                  w * 0.25 * (a[j - 1][i] + a[j + 1][i] + a[j][i - 1] +
                              a[j][i + 1]);
    t = a;
    a = b;
    b = t;
  }
#pragma stencil end
  return a;
}

int main(int argc, char **argv) {
  int ny = argc > 1 ? atoi(argv[1]) : 30;
  int nx = argc > 2 ? atoi(argv[2]) : 40;
  int steps = argc > 3 ? atoi(argv[3]) : 9;
  REAL (*x)[nx] = malloc(sizeof(REAL[ny][nx]));
  REAL (*y)[nx] = malloc(sizeof(REAL[ny][nx]));
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) {
      x[j][i] = (REAL)((i * 5 + j * 3) % 11);
      y[j][i] = (REAL)(j == 0 || i == 0 ? 7 : 1);
    }
  REAL (*r)[nx] = solve(ny, nx, x, y, steps, 0.8);
  printf("result in %s\n", r == x ? "x" : "y");
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *p = (const unsigned char *)x;
  for (size_t n = 0; n < sizeof(REAL[ny][nx]); n++)
    h = (h ^ p[n]) * 1099511628211ULL;
  p = (const unsigned char *)y;
  for (size_t n = 0; n < sizeof(REAL[ny][nx]); n++)
    h = (h ^ p[n]) * 1099511628211ULL;
  printf("hash %016llx\n", h);
  free(x);
  free(y);
  return 0;
}
