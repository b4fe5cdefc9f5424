/* A 3D leapfrog in the shape of FDTD codes: the pressure p is updated in
 * place from the divergence of the velocities (backward differences), then
 * each velocity component in place from the gradient of the new p (forward
 * differences), over ranges that differ per component. With -DWITH_SOURCE a
 * boundary stage first sets the plane p[0][j][k] from a per-step table.
 * Arrays are function parameters, allocated on the heap by main.
 * -DUSE_DOUBLE for double. */
#include <stdlib.h>

#include "report.h"

#ifndef NZ
#define NZ 14
#endif
#ifndef NY
#define NY 11
#endif
#ifndef NX
#define NX 19
#endif
#ifndef STEPS
#define STEPS 7
#endif
#ifdef USE_DOUBLE
#define real double
#define REPORT report_doubles
#else
#define real float
#define REPORT report_floats
#endif

static void leapfrog(int steps, real p[NZ][NY][NX], real u[NZ][NY][NX],
                     real v[NZ][NY][NX], real w[NZ][NY][NX],
                     const real source[]) {
  int t, z, y, x;
#ifndef WITH_SOURCE
  (void)source;
#endif
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(real p[NZ][NY][NX], real u[NZ][NY][NX], real v[NZ][NY][NX], real w[NZ][NY][NX])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#ifdef WITH_SOURCE
#pragma stencil calc
    for (y = 0; y < NY; y++)
      for (x = 0; x < NX; x++)
        p[0][y][x] = source[t];
#endif
#pragma stencil calc
    for (z = 1; z < NZ; z++)
      for (y = 1; y < NY; y++)
        for (x = 1; x < NX; x++)
          p[z][y][x] -= (real)0.3 * ((u[z][y][x] - u[z][y][x - 1]) +
                                     (v[z][y][x] - v[z][y - 1][x]) +
                                     (w[z][y][x] - w[z - 1][y][x]));
#pragma stencil calc
    for (z = 0; z < NZ; z++)
      for (y = 0; y < NY; y++)
        for (x = 0; x < NX - 1; x++)
          u[z][y][x] -= (real)0.2 * (p[z][y][x + 1] - p[z][y][x]);
#pragma stencil calc
    for (z = 0; z < NZ; z++)
      for (y = 0; y < NY - 1; y++)
        for (x = 0; x < NX; x++)
          v[z][y][x] -= (real)0.2 * (p[z][y + 1][x] - p[z][y][x]);
#pragma stencil calc
    for (z = 0; z < NZ - 1; z++)
      for (y = 0; y < NY; y++)
        for (x = 0; x < NX; x++)
          w[z][y][x] -= (real)0.2 * (p[z + 1][y][x] - p[z][y][x]);
  }
#pragma stencil end
}

int main(void) {
  real (*p)[NY][NX] = malloc(sizeof(real[NZ][NY][NX]));
  real (*u)[NY][NX] = malloc(sizeof(real[NZ][NY][NX]));
  real (*v)[NY][NX] = malloc(sizeof(real[NZ][NY][NX]));
  real (*w)[NY][NX] = malloc(sizeof(real[NZ][NY][NX]));
  real *source = malloc(sizeof(real) * STEPS);
  int t, z, y, x;
  if (!p || !u || !v || !w || !source)
    return 1;
  for (t = 0; t < STEPS; t++)
    source[t] = (real)(t % 3) * (real)0.5;
  for (z = 0; z < NZ; z++)
    for (y = 0; y < NY; y++)
      for (x = 0; x < NX; x++) {
        p[z][y][x] = (real)((z * 5 + y * 3 + x) % 17) / 17;
        u[z][y][x] = (real)((z + y * 2 + x * 7) % 13) / 26;
        v[z][y][x] = (real)((z * 3 + y + x * 2) % 11) / 22;
        w[z][y][x] = (real)((z * 2 + y * 5 + x) % 7) / 14;
      }
  leapfrog(STEPS, p, u, v, w, source);
  REPORT("p", &p[0][0][0], (size_t)NZ * NY * NX);
  REPORT("u", &u[0][0][0], (size_t)NZ * NY * NX);
  REPORT("v", &v[0][0][0], (size_t)NZ * NY * NX);
  REPORT("w", &w[0][0][0], (size_t)NZ * NY * NX);
  free(p);
  free(u);
  free(v);
  free(w);
  free(source);
  return 0;
}
