// fdtd-2d with its boundary row set by a host loop instead of a boundary
// stage, and a value printed between two of the step's three sweeps every
// fourth step: host statements that use the grid between stages.
#include <stdio.h>
#define NX 30
#define NY 40
#define T 9
static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[T];
int main(void) {
  for (int t = 0; t < T; t++) fict[t] = t * 0.5;
  for (int i = 0; i < NX; i++) for (int j = 0; j < NY; j++) { ex[i][j] = (i * (j + 1)) % 7 / 7.0; ey[i][j] = (i * (j + 2)) % 5 / 5.0; hz[i][j] = (i * (j + 3)) % 3 / 3.0; }
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:T)
#pragma stencil data(double ex[NX][NY], double ey[NX][NY], double hz[NX][NY])
#pragma stencil dimension(i, j)
  for (t = 0; t < T; t++) {
    for (j = 0; j < NY; j++)
      ey[0][j] = fict[t];
#pragma stencil calc
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma stencil calc
    for (i = 0; i < NX; i++)
      for (j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    if (t % 4 == 0) printf("t %d ey %.17g\n", t, ey[3][4]);
#pragma stencil calc
    for (i = 0; i < NX - 1; i++)
      for (j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma stencil end
  double s = 0; for (i = 0; i < NX; i++) for (j = 0; j < NY; j++) s += ex[i][j] + 2 * ey[i][j] + 3 * hz[i][j];
  printf("%.17g\n", s);
  return 0;
}
