// Host code that touches the grid inside the time loop, as simulations
// have it: zero-gradient walls copied from the interior by a host loop
// after every step, and a checksum printed every `every` steps through a
// function that reads the array. The arrays come to the host for each such
// statement and go back; the printed lines must be the serial program's.
// Sizes and steps from argv; REAL is float or double.
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL double
#endif

static double checksum(int ny, int nx, REAL (*u)[nx]) {
  double s = 0;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      s += u[j][i] * (1 + (i + 2 * j) % 7);
  return s;
}

int main(int argc, char **argv) {
  int ny = argc > 1 ? atoi(argv[1]) : 30;
  int nx = argc > 2 ? atoi(argv[2]) : 40;
  int steps = argc > 3 ? atoi(argv[3]) : 25;
  int every = argc > 4 ? atoi(argv[4]) : 10;
  REAL (*u)[nx] = malloc(sizeof(REAL[ny][nx]));
  REAL (*v)[nx] = malloc(sizeof(REAL[ny][nx]));
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      u[j][i] = v[j][i] = (REAL)((i * 7 + j * 13) % 10);
  int t, i = -1;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data(REAL u[ny][nx], REAL v[ny][nx])
#pragma stencil dimension(j, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (int j = 1; j < ny - 1; j++)
      for (int x = 1; x < nx - 1; x++)
        v[j][x] = 0.2 * (u[j][x] + u[j - 1][x] + u[j + 1][x] + u[j][x - 1] +
                         u[j][x + 1]);
#pragma stencil copy
    for (int j = 1; j < ny - 1; j++)
      for (int x = 1; x < nx - 1; x++)
        u[j][x] = v[j][x];
    for (i = 0; i < nx; i++) {
      u[0][i] = u[1][i];
      u[ny - 1][i] = u[ny - 2][i];
    }
    if (t % every == 0)
      printf("step %d checksum %.17g\n", t, checksum(ny, nx, u));
  }
#pragma stencil end
  printf("t %d i %d final %.17g %.17g\n", t, i, checksum(ny, nx, u),
         checksum(ny, nx, v));
  free(u);
  free(v);
  return 0;
}
