/* The time loop: the one file of the project with a stencil region. */
#include "heat.h"

void heat_run(float A[NY][NX], float B[NY][NX]) {
  int t, j, i;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        B[j][i] = 0.6f * A[j][i] +
                  0.1f * (A[j - 1][i] + A[j + 1][i] + A[j][i - 1] + A[j][i + 1]);
#pragma stencil copy
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        A[j][i] = B[j][i];
  }
#pragma stencil end
}
