/* A 2D heat stencil written as small research codes are: sizes from
 * macros with defaults, arrays on the heap as pointers to rows, so that no
 * sizeof of the array tells its extents. Prints a checksum of the grid. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NX
#define NX 64
#endif
#ifndef NY
#define NY 48
#endif
#define STEPS 7

int main(void) {
  float (*u)[NX] = malloc(sizeof(float[NY][NX]));
  float (*un)[NX] = malloc(sizeof(float[NY][NX]));
  int t, j, i;
  for (j = 0; j < NY; j++)
    for (i = 0; i < NX; i++)
      u[j][i] = un[j][i] = (float)((j * 7 + i * 3) % 11);
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float u[NY][NX]) destination(float un[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        un[j][i] = u[j][i] + 0.1f * (u[j - 1][i] + u[j + 1][i] + u[j][i - 1] +
                                     u[j][i + 1] - 4.0f * u[j][i]);
#pragma stencil copy
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        u[j][i] = un[j][i];
  }
#pragma stencil end
  double sum = 0;
  for (j = 0; j < NY; j++)
    for (i = 0; i < NX; i++)
      sum += u[j][i] * (1 + j + i);
  printf("nx=%d ny=%d sum %.9e\n", NX, NY, sum);
  free(u);
  free(un);
  return 0;
}
