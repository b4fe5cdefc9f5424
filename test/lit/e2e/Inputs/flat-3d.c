/* The flat style of most C codes: arrays from malloc as `float *`, read
 * through a macro that linearizes (z, y, x), the subscripts written in
 * several algebraically equal forms. The data clause gives the shape. */
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

static void smooth(float *in, float *out, const float *weight, int steps) {
  int t, z, y, x;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float in[NZ][NY][NX], float weight[NZ][NY][NX]) destination(float out[NZ][NY][NX])
#pragma stencil dimension(z, y, x)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (z = 1; z < NZ - 1; z++)
      for (y = 1; y < NY - 1; y++)
        for (x = 1; x < NX - 1; x++)
          out[IDX(z, y, x)] =
              weight[z * NY * NX + y * NX + x] * in[IDX(z, y, x)] +
              0.1f * (in[IDX(z - 1, y, x)] + in[IDX(z + 1, y, x)] +
                      in[(z * NY + y) * NX + x - NX] +
                      in[(z * NY + y + 1) * NX + x] + in[IDX(z, y, x) - 1] +
                      in[x + 1 + NX * (y + NY * z)]);
#pragma stencil copy
    for (z = 1; z < NZ - 1; z++)
      for (y = 1; y < NY - 1; y++)
        for (x = 1; x < NX - 1; x++)
          in[IDX(z, y, x)] = out[IDX(z, y, x)];
  }
#pragma stencil end
}

int main(void) {
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
  smooth(in, out, weight, STEPS);
  report_floats("in", in, (size_t)NZ * NY * NX);
  report_floats("out", out, (size_t)NZ * NY * NX);
  free(in);
  free(out);
  free(weight);
  return 0;
}
