/* PolyBench heat-3d's update written in the calc + copy form (B from A,
 * then A = B): the kernel a heat-3d pair runs where its arrays agree
 * outside the calc range. For timing beside the pair (100 steps of the pair
 * are 200 sweeps, so STEPS=200 here); see bench/streaming/pair-shared.txt
 * and docs/performance.md. Prints a checksum of A. */
#include <stdio.h>

#ifndef NX
#define NX 64
#endif
#ifndef NY
#define NY NX
#endif
#ifndef NZ
#define NZ NX
#endif
#ifndef STEPS
#define STEPS 10
#endif

static float A[NZ][NY][NX], B[NZ][NY][NX];

int main(void) {
  int t, i, j, k;
  double sum = 0;
  for (i = 0; i < NZ; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NX; k++)
        A[i][j][k] = B[i][j][k] = (float)(i + j + (NX - k)) * 10 / NX;
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float A[NZ][NY][NX]) destination(float B[NZ][NY][NX])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          B[i][j][k] = 0.125f * (A[i + 1][j][k] - 2.0f * A[i][j][k] + A[i - 1][j][k])
                     + 0.125f * (A[i][j + 1][k] - 2.0f * A[i][j][k] + A[i][j - 1][k])
                     + 0.125f * (A[i][j][k + 1] - 2.0f * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
#pragma stencil copy
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          A[i][j][k] = B[i][j][k];
  }
#pragma stencil end
  // clang-format on
  for (i = 0; i < NZ; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NX; k++)
        sum += A[i][j][k];
  printf("A sum %.9e\n", sum);
  return 0;
}
