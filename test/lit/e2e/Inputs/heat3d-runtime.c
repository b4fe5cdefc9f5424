/* A 3D heat stencil on static arrays of a maximum size, the part in use
 * (nz x ny x nx) and the step count read from the command line: arguments
 * nz ny nx steps (defaults: the maximum, 5 steps). */
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_STEPS
#define DEFAULT_STEPS 5
#endif

#ifndef NZMAX
#define NZMAX 20
#endif
#ifndef NYMAX
#define NYMAX 18
#endif
#ifndef NXMAX
#define NXMAX 30
#endif

/* -DCONSTANT_BOUNDS: the same loops bounded by the maximum sizes, the
 * compile-time program to compare the run-time one with. */
#ifdef CONSTANT_BOUNDS
#define USED_NZ NZMAX
#define USED_NY NYMAX
#define USED_NX NXMAX
#else
#define USED_NZ nz
#define USED_NY ny
#define USED_NX nx
#endif

static float A[NZMAX][NYMAX][NXMAX], B[NZMAX][NYMAX][NXMAX];

static void heat(int nz, int ny, int nx, int steps) {
  int t, z, y, x;
#ifdef CONSTANT_BOUNDS
  (void)nz;
  (void)ny;
  (void)nx;
#endif
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float A[NZMAX][NYMAX][NXMAX]) destination(float B[NZMAX][NYMAX][NXMAX])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (z = 1; z < USED_NZ - 1; z++)
      for (y = 1; y < USED_NY - 1; y++)
        for (x = 1; x < USED_NX - 1; x++)
          B[z][y][x] = 0.4f * A[z][y][x] +
                       0.1f * (A[z - 1][y][x] + A[z + 1][y][x] +
                               A[z][y - 1][x] + A[z][y + 1][x] +
                               A[z][y][x - 1] + A[z][y][x + 1]);
#pragma stencil copy
    for (z = 1; z < USED_NZ - 1; z++)
      for (y = 1; y < USED_NY - 1; y++)
        for (x = 1; x < USED_NX - 1; x++)
          A[z][y][x] = B[z][y][x];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int nz = argc > 1 ? atoi(argv[1]) : NZMAX;
  int ny = argc > 2 ? atoi(argv[2]) : NYMAX;
  int nx = argc > 3 ? atoi(argv[3]) : NXMAX;
  int steps = argc > 4 ? atoi(argv[4]) : DEFAULT_STEPS;
  int z, y, x;
  for (z = 0; z < NZMAX; z++)
    for (y = 0; y < NYMAX; y++)
      for (x = 0; x < NXMAX; x++) {
        A[z][y][x] = (float)((z * 5 + y * 7 + x * 3) % 13);
        B[z][y][x] = 0.0f;
      }
  heat(nz, ny, nx, steps);
  report_floats("A", &A[0][0][0], (size_t)NZMAX * NYMAX * NXMAX);
  report_floats("B", &B[0][0][0], (size_t)NZMAX * NYMAX * NXMAX);
  return 0;
}
