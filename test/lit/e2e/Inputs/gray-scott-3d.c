/* Gray-Scott reaction-diffusion in 3D, written the way such codes are:
 * two species u and v, each diffused with a 7-point Laplacian and reacted
 * pointwise, new values into un and vn, then copied back; the arrays on
 * the heap, passed to the solver as VLA parameters, sizes from the command
 * line (arguments nz ny nx steps; defaults DEFAULT_NZ x DEFAULT_NY x
 * DEFAULT_NX = 14 x 17 x 23 and DEFAULT_STEPS = 6). Both
 * fields are read one plane above and below only in the point's own
 * column, so tilec's streaming kernel chains its levels for both. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#ifndef DEFAULT_NZ
#define DEFAULT_NZ 14
#endif
#ifndef DEFAULT_NY
#define DEFAULT_NY 17
#endif
#ifndef DEFAULT_NX
#define DEFAULT_NX 23
#endif
#ifndef DEFAULT_STEPS
#define DEFAULT_STEPS 6
#endif

#define DU 0.16f
#define DV 0.08f
#define FEED 0.035f
#define KILL 0.065f

static void gray_scott(int steps, int nz, int ny, int nx, float u[nz][ny][nx],
                       float v[nz][ny][nx], float un[nz][ny][nx],
                       float vn[nz][ny][nx]) {
  int t, z, y, x;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float u[nz][ny][nx], float v[nz][ny][nx]) destination(float un[nz][ny][nx], float vn[nz][ny][nx])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < ny - 1; y++)
        for (x = 1; x < nx - 1; x++) {
          un[z][y][x] = u[z][y][x] +
                        DU * (u[z - 1][y][x] + u[z + 1][y][x] + u[z][y - 1][x] +
                              u[z][y + 1][x] + u[z][y][x - 1] + u[z][y][x + 1] -
                              6.0f * u[z][y][x]) -
                        u[z][y][x] * v[z][y][x] * v[z][y][x] +
                        FEED * (1.0f - u[z][y][x]);
          vn[z][y][x] = v[z][y][x] +
                        DV * (v[z - 1][y][x] + v[z + 1][y][x] + v[z][y - 1][x] +
                              v[z][y + 1][x] + v[z][y][x - 1] + v[z][y][x + 1] -
                              6.0f * v[z][y][x]) +
                        u[z][y][x] * v[z][y][x] * v[z][y][x] -
                        (FEED + KILL) * v[z][y][x];
        }
#pragma stencil copy
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < ny - 1; y++)
        for (x = 1; x < nx - 1; x++) {
          u[z][y][x] = un[z][y][x];
          v[z][y][x] = vn[z][y][x];
        }
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int nz = argc > 3 ? atoi(argv[1]) : DEFAULT_NZ;
  int ny = argc > 3 ? atoi(argv[2]) : DEFAULT_NY;
  int nx = argc > 3 ? atoi(argv[3]) : DEFAULT_NX;
  int steps = argc > 4 ? atoi(argv[4]) : DEFAULT_STEPS;
  size_t points = (size_t)nz * ny * nx;
  float (*u)[ny][nx] = malloc(sizeof(float) * points);
  float (*v)[ny][nx] = malloc(sizeof(float) * points);
  float (*un)[ny][nx] = malloc(sizeof(float) * points);
  float (*vn)[ny][nx] = malloc(sizeof(float) * points);
  if (!u || !v || !un || !vn)
    return 1;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        int seed = z > nz / 3 && z < nz / 2 && y > ny / 3 && y < ny / 2;
        u[z][y][x] = seed ? 0.5f : 1.0f;
        v[z][y][x] = seed ? 0.25f + (float)((x * 7 + y * 3 + z) % 5) / 20 : 0.0f;
        un[z][y][x] = u[z][y][x];
        vn[z][y][x] = v[z][y][x];
      }
  gray_scott(steps, nz, ny, nx, u, v, un, vn);
  report_floats("u", &u[0][0][0], points);
  report_floats("v", &v[0][0][0], points);
  free(u);
  free(v);
  free(un);
  free(vn);
  return 0;
}
