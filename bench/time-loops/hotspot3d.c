/*
 * A Rodinia-hotspot3D-shaped program for timing the time-loop forms: flat
 * heap arrays indexed through a macro, the chip's power as a read-only
 * field, coefficients computed on the host. With -DFORM_SWAP the time
 * loop is hotspot3D's own (a do-while whose counter is advanced in the
 * body, the two grids' pointers exchanged after each sweep); without it,
 * the paper's form (a for loop, a calc nest and a copy nest). Both leave
 * the same temperatures. Sizes and steps by macro.
 */
#include <stdio.h>
#include <stdlib.h>

#ifndef NX
#define NX 512
#endif
#ifndef NY
#define NY 512
#endif
#ifndef NZ
#define NZ 8
#endif
#ifndef STEPS
#define STEPS 100
#endif

#define IDX(z, y, x) (((size_t)(z) * NY + (y)) * NX + (x))

int main(void) {
  size_t size = (size_t)NX * NY * NZ;
  float *tIn = malloc(size * sizeof(float));
  float *tOut = malloc(size * sizeof(float));
  float *pIn = malloc(size * sizeof(float));
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++) {
        tIn[IDX(z, y, x)] = tOut[IDX(z, y, x)] =
            (float)(320 + (x * 7 + y * 3 + z * 11) % 17);
        pIn[IDX(z, y, x)] = (float)(((x + y + z) % 5) * 0.001);
      }
  float dt = 0.5f, cap = 2.0f;
  float cw = 0.125f, ce = 0.125f, cn = 0.0625f, cs = 0.0625f;
  float ct = 0.03125f, cb = 0.03125f;
  float cc = 1.0f - (cw + ce + cn + cs + ct + cb);
  float stepDivCap = dt / cap;
#ifdef FORM_SWAP
  float *temp;
  int i = 0;
#pragma stencil begin
#pragma stencil step(i:STEPS)
#pragma stencil data(float tIn[NZ][NY][NX], float tOut[NZ][NY][NX], float pIn[NZ][NY][NX])
#pragma stencil dimension(z, y, x)
  do {
#pragma stencil calc
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          tOut[IDX(z, y, x)] =
              cc * tIn[IDX(z, y, x)] + cw * tIn[IDX(z, y, x - 1)] +
              ce * tIn[IDX(z, y, x + 1)] + cs * tIn[IDX(z, y + 1, x)] +
              cn * tIn[IDX(z, y - 1, x)] + cb * tIn[IDX(z - 1, y, x)] +
              ct * tIn[IDX(z + 1, y, x)] + stepDivCap * pIn[IDX(z, y, x)];
    temp = tIn;
    tIn = tOut;
    tOut = temp;
    i++;
  } while (i < STEPS);
#pragma stencil end
#else
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(float tIn[NZ][NY][NX], float tOut[NZ][NY][NX], float pIn[NZ][NY][NX])
#pragma stencil dimension(z, y, x)
  for (int t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          tOut[IDX(z, y, x)] =
              cc * tIn[IDX(z, y, x)] + cw * tIn[IDX(z, y, x - 1)] +
              ce * tIn[IDX(z, y, x + 1)] + cs * tIn[IDX(z, y + 1, x)] +
              cn * tIn[IDX(z, y - 1, x)] + cb * tIn[IDX(z - 1, y, x)] +
              ct * tIn[IDX(z + 1, y, x)] + stepDivCap * pIn[IDX(z, y, x)];
#pragma stencil copy
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          tIn[IDX(z, y, x)] = tOut[IDX(z, y, x)];
  }
#pragma stencil end
#endif
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)tIn;
  for (size_t k = 0; k < size * sizeof(float); k++)
    h = (h ^ b[k]) * 1099511628211ULL;
  printf("hash %016llx\n", h);
  printf("t[1][1][1] %.9g\n", (double)tIn[IDX(1, 1, 1)]);
  free(tIn);
  free(tOut);
  free(pIn);
  return 0;
}
