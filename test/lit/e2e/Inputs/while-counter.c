// A while loop that counts its steps itself: the counter starts where the
// program left it and is advanced as the body's last statement, and the
// update reads a per-step table through it (a diffusivity that changes
// with time). It counts as a for loop does, so temporal blocking applies.
// Sizes and steps from argv; the counter and both arrays are printed.
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

int main(int argc, char **argv) {
  int ny = argc > 1 ? atoi(argv[1]) : 40;
  int nx = argc > 2 ? atoi(argv[2]) : 50;
  int first = argc > 3 ? atoi(argv[3]) : 2;
  int steps = argc > 4 ? atoi(argv[4]) : 9;
  REAL (*A)[nx] = malloc(sizeof(REAL[ny][nx]));
  REAL (*B)[nx] = malloc(sizeof(REAL[ny][nx]));
  REAL *k = malloc(sizeof(REAL) * (steps + 1));
  for (int t = 0; t <= steps; t++)
    k[t] = (REAL)(0.05 + 0.01 * (t % 5));
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      A[j][i] = B[j][i] = (REAL)((i * 13 + j * 7) % 10);
  int t = first;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data(REAL A[ny][nx], REAL B[ny][nx])
#pragma stencil dimension(j, i)
  while (t < steps) {
#pragma stencil calc
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        B[j][i] = A[j][i] + k[t] * (A[j - 1][i] + A[j + 1][i] + A[j][i - 1] +
                                    A[j][i + 1] - 4 * A[j][i]);
#pragma stencil copy
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        A[j][i] = B[j][i];
    t++;
  }
#pragma stencil end
  printf("t %d\n", t);
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)A;
  for (size_t n = 0; n < sizeof(REAL[ny][nx]); n++)
    h = (h ^ b[n]) * 1099511628211ULL;
  b = (const unsigned char *)B;
  for (size_t n = 0; n < sizeof(REAL[ny][nx]); n++)
    h = (h ^ b[n]) * 1099511628211ULL;
  printf("hash %016llx\n", h);
  free(A);
  free(B);
  free(k);
  return 0;
}
