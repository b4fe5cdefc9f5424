// Two stages fused and streamed whose first reads the second's field one
// column to the right (x + 1) and nothing along the streamed axis (y):
// the random programs found that pocl 3.1 runs such a kernel of T >= 2
// without the second level (step 1 of stage 2), so the result is one step
// short; the kernel is right as written (-cl-opt-disable gives the serial
// program's result). docs/notes/fuzzing.md has the analysis.
#include <stdio.h>
#define NY 6
#define NX 20
#ifndef STEPS
#define STEPS 2
#endif
static float U[NY][NX], V[NY][NX];
int main(void) {
  for (int j = 0; j < NY; j++) for (int k = 0; k < NX; k++) { U[j][k] = (j * 7 + k) % 5; V[j][k] = (j + 3 * k) % 4; }
  int t, j, k;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(float U[NY][NX], float V[NY][NX])
#pragma stencil dimension(j, k)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (k = 2; k < NX - 2; k++)
        V[j][k] = 0.5f * U[j][k + 1];
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (k = 2; k < NX - 2; k++)
        U[j][k] = 0.25f * V[j][k];
  }
#pragma stencil end
  for (int j = 0; j < NY; j++) { for (int k = 0; k < NX; k++) printf("%g ", U[j][k]); printf("\n"); }
  return 0;
}
