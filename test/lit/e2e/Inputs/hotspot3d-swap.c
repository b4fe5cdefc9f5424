// Shaped like Rodinia's hotspot3D: flat arrays on the heap, a do-while
// time loop whose counter is advanced in the body, and the two grids'
// pointers exchanged after each sweep (`temp = tIn; tIn = tOut; tOut =
// temp;`) instead of a copy. After the loop the program reads the grids
// through the pointers, which hold what the serial loop leaves for odd and
// even step counts. Sizes and steps from argv; REAL is float or double.
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

#define IDX(z, y, x) (((z) * ny + (y)) * nx + (x))

static unsigned long long hash(const REAL *a, size_t n,
                               unsigned long long h) {
  const unsigned char *b = (const unsigned char *)a;
  for (size_t k = 0; k < n * sizeof(REAL); k++)
    h = (h ^ b[k]) * 1099511628211ULL;
  return h;
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 32;
  int ny = argc > 2 ? atoi(argv[2]) : 24;
  int nz = argc > 3 ? atoi(argv[3]) : 8;
  int numiter = argc > 4 ? atoi(argv[4]) : 10;
  size_t size = (size_t)nx * ny * nz;
  REAL *tIn = malloc(size * sizeof(REAL));
  REAL *tOut = malloc(size * sizeof(REAL));
  REAL *pIn = malloc(size * sizeof(REAL));
  REAL *first = tIn;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        tIn[IDX(z, y, x)] = (REAL)(320 + (x * 7 + y * 3 + z * 11) % 17);
        tOut[IDX(z, y, x)] = (REAL)(300 + (x + 2 * y + 3 * z) % 13);
        pIn[IDX(z, y, x)] = (REAL)(((x + y + z) % 5) * 0.001);
      }
  REAL cc = 0.5f, cw = 0.125f, ce = 0.125f, cn = 0.0625f, cs = 0.0625f;
  REAL ct = 0.03125f, cb = 0.03125f, stepDivCap = 0.25f;
  REAL *temp = NULL;
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
          tOut[IDX(z, y, x)] =
              cc * tIn[IDX(z, y, x)] + cw * tIn[IDX(z, y, x - 1)] +
              ce * tIn[IDX(z, y, x + 1)] + cs * tIn[IDX(z, y + 1, x)] +
              cn * tIn[IDX(z, y - 1, x)] + cb * tIn[IDX(z - 1, y, x)] +
              ct * tIn[IDX(z + 1, y, x)] + stepDivCap * pIn[IDX(z, y, x)];
    temp = tIn;
    tIn = tOut;
    tOut = temp;
    i++;
  } while (i < numiter);
#pragma stencil end
  printf("steps %d, result in the %s buffer, temp is %s\n", i,
         tIn == first ? "first" : "second",
         temp == tOut ? "tOut" : temp == NULL ? "NULL" : "other");
  unsigned long long h = hash(tIn, size, 1469598103934665603ULL);
  printf("hash %016llx\n", hash(tOut, size, h));
  printf("t[1][1][1] %.9g\n", (double)tIn[IDX(1, 1, 1)]);
  free(tIn);
  free(tOut);
  free(pIn);
  return 0;
}
