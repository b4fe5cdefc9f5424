/* First-order upwind advection of a tracer q by a constant wind blowing
 * towards larger i and j, with a second-order correction along i: the update
 * reads two rows behind along i and none ahead, so a slab's halo is deep on
 * one side only. Sizes and steps from the command line (ni nj steps,
 * defaults 40 30 6); q is read and qn written, then copied back. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#define CI 0.3f
#define CJ 0.2f

static void advect(int ni, int nj, int nsteps, float q[ni][nj],
                   float qn[ni][nj]) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t : nsteps)
#pragma stencil data source(float q[ni][nj]) destination(float qn[ni][nj])
#pragma stencil dimension(i, j)
  for (t = 0; t < nsteps; t++) {
#pragma stencil calc
    for (i = 2; i < ni; i++)
      for (j = 1; j < nj; j++)
        qn[i][j] = q[i][j] - CI * (1.5f * q[i][j] - 2.0f * q[i - 1][j] +
                                   0.5f * q[i - 2][j]) -
                   CJ * (q[i][j] - q[i][j - 1]);
#pragma stencil copy
    for (i = 2; i < ni; i++)
      for (j = 1; j < nj; j++)
        q[i][j] = qn[i][j];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int ni = argc > 1 ? atoi(argv[1]) : 40;
  int nj = argc > 2 ? atoi(argv[2]) : 30;
  int nsteps = argc > 3 ? atoi(argv[3]) : 6;
  float(*q)[nj] = malloc(sizeof(float) * ni * nj);
  float(*qn)[nj] = malloc(sizeof(float) * ni * nj);
  if (!q || !qn) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      /* A square pulse near the low corner. */
      q[i][j] = (i > 2 && i < ni / 3 && j > 2 && j < nj / 3) ? 1.0f : 0.0f;
      qn[i][j] = q[i][j];
    }
  advect(ni, nj, nsteps, q, qn);
  report_floats("q", &q[0][0], (size_t)ni * nj);
  free(q);
  free(qn);
  return 0;
}
