/* The flat style of most C codes: arrays from malloc as `float *`, read
 * through a macro that linearizes (z, y, x), the subscripts written in
 * several algebraically equal forms. The data clause gives the shape.
 * -DRUNTIME_BOUNDS: the loops end at sizes read from the command line
 * (arguments nz ny nx steps, at most the compiled extents). */
#include <stdlib.h>

#include "report.h"

#ifndef NZ
#define NZ 12
#endif
#ifndef NY
#define NY 17
#endif
#ifndef NX
#define NX 23
#endif
#ifndef STEPS
#define STEPS 6
#endif
#define IDX(z, y, x) (((z) * NY + (y)) * NX + (x))

#ifdef RUNTIME_BOUNDS
#define END_Z (nz - 1)
#define END_Y (ny - 1)
#define END_X (nx - 1)
#else
#define END_Z (NZ - 1)
#define END_Y (NY - 1)
#define END_X (NX - 1)
#endif

static void smooth(float *in, float *out, const float *weight, int nz, int ny,
                   int nx, int steps) {
  int t, z, y, x;
#ifndef RUNTIME_BOUNDS
  (void)nz;
  (void)ny;
  (void)nx;
#endif
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float in[NZ][NY][NX], float weight[NZ][NY][NX]) destination(float out[NZ][NY][NX])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (z = 1; z < END_Z; z++)
      for (y = 1; y < END_Y; y++)
        for (x = 1; x < END_X; x++)
          out[IDX(z, y, x)] =
              weight[z * NY * NX + y * NX + x] * in[IDX(z, y, x)] +
              0.1f * (in[IDX(z - 1, y, x)] + in[IDX(z + 1, y, x)] +
                      in[(z * NY + y) * NX + x - NX] +
                      in[(z * NY + y + 1) * NX + x] + in[IDX(z, y, x) - 1] +
                      in[x + 1 + NX * (y + NY * z)]);
#pragma stencil copy
    for (z = 1; z < END_Z; z++)
      for (y = 1; y < END_Y; y++)
        for (x = 1; x < END_X; x++)
          in[IDX(z, y, x)] = out[IDX(z, y, x)];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int nz = argc > 1 ? atoi(argv[1]) : NZ;
  int ny = argc > 2 ? atoi(argv[2]) : NY;
  int nx = argc > 3 ? atoi(argv[3]) : NX;
  int steps = argc > 4 ? atoi(argv[4]) : STEPS;
  float *in = malloc(sizeof(float) * NZ * NY * NX);
  float *out = malloc(sizeof(float) * NZ * NY * NX);
  float *weight = malloc(sizeof(float) * NZ * NY * NX);
  int n;
  if (!in || !out || !weight)
    return 1;
  for (n = 0; n < NZ * NY * NX; n++) {
    in[n] = (float)(n % 19) / 19.0f;
    out[n] = 0.0f;
    weight[n] = 0.4f + (float)(n % 3) * 0.01f;
  }
  smooth(in, out, weight, nz, ny, nx, steps);
  report_floats("in", in, (size_t)NZ * NY * NX);
  report_floats("out", out, (size_t)NZ * NY * NX);
  free(in);
  free(out);
  free(weight);
  return 0;
}
