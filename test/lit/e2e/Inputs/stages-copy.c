/* Several stages of different shapes in one step: a boundary stage that
 * holds column 0 of U at a constant, an in-place update of V over a range
 * that differs from U's, a sweep of U into W that reads V at offsets, and
 * a copy nest W -> U among the calc nests. Global arrays, time loop from 3
 * with <=. */
#include "report.h"

#ifndef NY
#define NY 23
#endif
#ifndef NX
#define NX 31
#endif
#ifndef STEPS
#define STEPS 10
#endif

static float U[NY][NX], V[NY][NX], W[NY][NX];

int main(void) {
  int t, y, x;
  for (y = 0; y < NY; y++)
    for (x = 0; x < NX; x++) {
      U[y][x] = (float)((y * 7 + x * 3) % 11) / 11.0f;
      V[y][x] = (float)((y + 2 * x) % 5) / 5.0f;
      W[y][x] = -1.0f;
    }
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(float U[NY][NX], float V[NY][NX], float W[NY][NX])
#pragma stencil dimension(y, x)
  for (t = 3; t <= STEPS + 2; t++) {
#pragma stencil calc
    for (y = 0; y < NY; y++)
      U[y][0] = 0.5f;
#pragma stencil calc
    for (y = 1; y < NY; y++)
      for (x = 0; x < NX - 1; x++)
        V[y][x] = V[y][x] + 0.25f * (U[y][x + 1] - U[y - 1][x]);
#pragma stencil calc
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
        W[y][x] = 0.2f * (U[y][x] + U[y - 1][x] + U[y + 1][x] + U[y][x - 1] +
                          U[y][x + 1]) + 0.01f * (V[y][x + 1] - V[y - 1][x]);
#pragma stencil copy
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
        U[y][x] = W[y][x];
  }
#pragma stencil end
  report_floats("U", &U[0][0], (size_t)NY * NX);
  report_floats("V", &V[0][0], (size_t)NY * NX);
  report_floats("W", &W[0][0], (size_t)NY * NX);
  return 0;
}
