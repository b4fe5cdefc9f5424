/* A 2D heat stencil on static arrays of a maximum size, the part in use
 * (ny x nx) and the step count read from the command line: arguments ny
 * nx steps (defaults 40 50 DEFAULT_STEPS). The loops are bounded by the run-time sizes
 * with `<=` on the rows. */
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_STEPS
#define DEFAULT_STEPS 7
#endif

#ifndef NYMAX
#define NYMAX 40
#endif
#ifndef NXMAX
#define NXMAX 50
#endif

/* -DCONSTANT_BOUNDS: the same loops bounded by the maximum sizes, the
 * compile-time program to compare the run-time one with. */
#ifdef CONSTANT_BOUNDS
#define LAST_ROW (NYMAX - 2)
#define COLUMNS_END (NXMAX - 1)
#else
#define LAST_ROW last_row
#define COLUMNS_END (nx - 1)
#endif

static float A[NYMAX][NXMAX], B[NYMAX][NXMAX];

static void heat(int ny, int nx, int steps) {
  /* Initialized: GCC cannot tell that the loops below run whenever the
   * last statement reads them, and warns with -Wall. */
  int t, y = 0, x = 0;
  const int last_row = ny - 2;
#ifdef CONSTANT_BOUNDS
  (void)last_row;
#endif
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float A[NYMAX][NXMAX]) destination(float B[NYMAX][NXMAX])
#pragma stencil dimension(y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (y = 1; y <= LAST_ROW; y++)
      for (x = 1; x < COLUMNS_END; x++)
        B[y][x] = 0.2f * (A[y][x] + A[y - 1][x] + A[y + 1][x] + A[y][x - 1] +
                          A[y][x + 1]);
#pragma stencil copy
    for (y = 1; y <= LAST_ROW; y++)
      for (x = 1; x < COLUMNS_END; x++)
        A[y][x] = B[y][x];
  }
#pragma stencil end
  /* The loops leave y and x where the serial loops would. */
  if (steps > 0 && ny > 2 && nx > 2)
    A[0][0] = (float)(y * 100 + x);
}

int main(int argc, char **argv) {
  int ny = argc > 1 ? atoi(argv[1]) : NYMAX;
  int nx = argc > 2 ? atoi(argv[2]) : NXMAX;
  int steps = argc > 3 ? atoi(argv[3]) : DEFAULT_STEPS;
  int y, x;
  for (y = 0; y < NYMAX; y++)
    for (x = 0; x < NXMAX; x++) {
      A[y][x] = (float)((y * 7 + x * 3) % 11);
      B[y][x] = -1.0f;
    }
  heat(ny, nx, steps);
  report_floats("A", &A[0][0], (size_t)NYMAX * NXMAX);
  report_floats("B", &B[0][0], (size_t)NYMAX * NXMAX);
  return 0;
}
