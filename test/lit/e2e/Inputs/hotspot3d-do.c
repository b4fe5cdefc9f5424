// Shaped like Rodinia's hotspot3D: a do-while time loop whose counter is
// advanced inside the body, a 7-point update with the chip's power as a
// read-only field and coefficients computed on the host, a copy nest back
// into the temperature. Sizes and the step count from argv (a count of 0
// still runs one step, as a do-while does); REAL is float or double.
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

static void init(int nz, int ny, int nx, REAL (*t)[ny][nx],
                 REAL (*p)[ny][nx]) {
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        t[z][y][x] = (REAL)(320 + (x * 7 + y * 3 + z * 11) % 17);
        p[z][y][x] = (REAL)(((x + y + z) % 5) * 0.001);
      }
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 32;
  int ny = argc > 2 ? atoi(argv[2]) : 24;
  int nz = argc > 3 ? atoi(argv[3]) : 8;
  int numiter = argc > 4 ? atoi(argv[4]) : 10;
  REAL (*tIn)[ny][nx] = malloc(sizeof(REAL[nz][ny][nx]));
  REAL (*tOut)[ny][nx] = malloc(sizeof(REAL[nz][ny][nx]));
  REAL (*pIn)[ny][nx] = malloc(sizeof(REAL[nz][ny][nx]));
  init(nz, ny, nx, tIn, pIn);
  init(nz, ny, nx, tOut, pIn);
  REAL dt = 0.5f, cap = 2.0f;
  REAL cw = 0.125f, ce = 0.125f, cn = 0.0625f, cs = 0.0625f;
  REAL ct = 0.03125f, cb = 0.03125f;
  REAL cc = 1.0f - (cw + ce + cn + cs + ct + cb);
  REAL amb = 80.0f, stepDivCap = dt / cap;
  int i = 0;
#pragma stencil begin
#pragma stencil step(i:numiter)
#pragma stencil data(REAL tIn[nz][ny][nx], REAL tOut[nz][ny][nx], REAL pIn[nz][ny][nx])
#pragma stencil dimension(z, y, x)
  do {
#pragma stencil calc
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          tOut[z][y][x] = cc * tIn[z][y][x] + cw * tIn[z][y][x - 1] +
                          ce * tIn[z][y][x + 1] + cs * tIn[z][y + 1][x] +
                          cn * tIn[z][y - 1][x] + cb * tIn[z - 1][y][x] +
                          ct * tIn[z + 1][y][x] +
                          stepDivCap * pIn[z][y][x] + ct * amb * 0.0f;
#pragma stencil copy
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          tIn[z][y][x] = tOut[z][y][x];
    i++;
  } while (i < numiter);
#pragma stencil end
  printf("steps %d\n", i);
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)tIn;
  for (size_t k = 0; k < sizeof(REAL[nz][ny][nx]); k++)
    h = (h ^ b[k]) * 1099511628211ULL;
  b = (const unsigned char *)tOut;
  for (size_t k = 0; k < sizeof(REAL[nz][ny][nx]); k++)
    h = (h ^ b[k]) * 1099511628211ULL;
  printf("hash %016llx\n", h);
  printf("t[1][1][1] %.9g\n", (double)tIn[1][1][1]);
  free(tIn);
  free(tOut);
  free(pIn);
  return 0;
}
