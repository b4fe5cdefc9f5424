/* A 2D stencil whose rows start at a value read at run time and end at a
 * constant, and whose columns start and end at values read at run time:
 * arguments start first_x end_x (defaults 1, 1, NX - 1); a start past the
 * end updates nothing, as the serial loops would. */
#include <stdlib.h>

#include "report.h"

#define NY 37
#define NX 45

static float A[NY][NX], B[NY][NX];

int main(int argc, char **argv) {
  int start = argc > 1 ? atoi(argv[1]) : 1;
  int first_x = argc > 2 ? atoi(argv[2]) : 1;
  int end_x = argc > 3 ? atoi(argv[3]) : NX - 1;
  int t, y, x;
  for (y = 0; y < NY; y++)
    for (x = 0; x < NX; x++)
      A[y][x] = (float)((y * 5 + x * 3) % 7);
#pragma stencil begin
#pragma stencil step(t:6)
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(y, x)
  for (t = 0; t < 6; t++) {
#pragma stencil calc
    for (y = start; y < NY - 1; y++)
      for (x = first_x; x < end_x; x++)
        B[y][x] = 0.25f * (A[y - 1][x] + A[y + 1][x] + A[y][x - 1] + A[y][x + 1]);
#pragma stencil copy
    for (y = start; y < NY - 1; y++)
      for (x = first_x; x < end_x; x++)
        A[y][x] = B[y][x];
  }
#pragma stencil end
  report_floats("A", &A[0][0], (size_t)NY * NX);
  report_floats("B", &B[0][0], (size_t)NY * NX);
  return 0;
}
