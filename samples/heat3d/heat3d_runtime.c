/* heat3d_runtime: heat3d with its grid sized at run time: the size and step
 * count come from the command line (`heat3d_runtime [nz ny nx [steps]]`,
 * defaults NZ NY NX STEPS), the arrays are allocated on the heap as
 * pointers to planes of a variable-length type and passed to a function as
 * variable-length array parameters. The stencil, the initial values and the
 * printed report are heat3d's, so at the same size the two print the same. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef NX
#define NX 256
#endif
#ifndef NY
#define NY 256
#endif
#ifndef NZ
#define NZ 256
#endif
#ifndef STEPS
#define STEPS 100
#endif

/* Integer hash of an index mapped to a float in [0,1). */
static float hash01(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return (float)(x >> 8) * (1.0f / 16777216.0f);
}

/* A gets hash values in [0,1), B gets different values in (-2,-1]
 * everywhere, including the boundary cells the stencil never writes. */
static void init(int nz, int ny, int nx, float A[nz][ny][nx],
                 float B[nz][ny][nx]) {
  int i, j, k;
  for (i = 0; i < nz; i++) {
    for (j = 0; j < ny; j++) {
      for (k = 0; k < nx; k++) {
        unsigned int idx = ((unsigned int)i * ny + j) * nx + k;
        A[i][j][k] = hash01(idx ^ 0x5bd1e995u);
        B[i][j][k] = -1.0f - hash01(idx ^ 0x9e3779b9u);
      }
    }
  }
}

/* Prints the sum (in double) and the FNV-1a 64-bit hash of n floats. */
static void report(const char *name, const float *v, unsigned long n) {
  const unsigned char *bytes = (const unsigned char *)v;
  unsigned long long h = 0xcbf29ce484222325ULL;
  double sum = 0.0;
  unsigned long m;
  for (m = 0; m < n; m++)
    sum += v[m];
  for (m = 0; m < n * sizeof(float); m++) {
    h ^= bytes[m];
    h *= 0x100000001b3ULL;
  }
  printf("%s sum %.9e\n", name, sum);
  printf("%s hash %016llx\n", name, h);
}

static void probe(const char *name, int ny, int nx, float v[][ny][nx], int z,
                  int y, int x) {
  printf("%s[%d][%d][%d] %.9e\n", name, z, y, x, (double)v[z][y][x]);
}

static void print_array(const char *name, int nz, int ny, int nx,
                        float v[nz][ny][nx]) {
  report(name, &v[0][0][0], (unsigned long)nz * ny * nx);
  probe(name, ny, nx, v, 0, 0, 0);                /* corner */
  probe(name, ny, nx, v, 0, ny / 2, nx / 2);      /* boundary face */
  probe(name, ny, nx, v, nz / 2, ny / 2, nx / 2); /* centre */
  probe(name, ny, nx, v, 1, 1, 1);                /* next to the corner */
  probe(name, ny, nx, v, nz - 2, ny / 3, nx - 2); /* next to the boundary */
  probe(name, ny, nx, v, nz - 1, ny - 1, nx - 1); /* far corner */
}

static void diffuse(int nz, int ny, int nx, int steps, float A[nz][ny][nx],
                    float B[nz][ny][nx]) {
  const float C0 = 0.4f;
  const float C1 = 0.1f;
  int t, i, j, k;
  /* Keep each #pragma stencil directive on one line. */
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float A[nz][ny][nx]) destination(float B[nz][ny][nx])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < nz - 1; i++)
      for (j = 1; j < ny - 1; j++)
        for (k = 1; k < nx - 1; k++)
          B[i][j][k] = C0 * A[i][j][k] +
                       C1 * (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] +
                             A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]);
#pragma stencil copy
    for (i = 1; i < nz - 1; i++)
      for (j = 1; j < ny - 1; j++)
        for (k = 1; k < nx - 1; k++)
          A[i][j][k] = B[i][j][k];
  }
#pragma stencil end
  // clang-format on
}

int main(int argc, char **argv) {
  int nz = argc > 3 ? atoi(argv[1]) : NZ;
  int ny = argc > 3 ? atoi(argv[2]) : NY;
  int nx = argc > 3 ? atoi(argv[3]) : NX;
  int steps = argc > 4 ? atoi(argv[4]) : STEPS;
  if (nz < 3 || ny < 3 || nx < 3 || steps < 0) {
    fprintf(stderr, "usage: %s [nz ny nx [steps]] with nz, ny, nx >= 3\n",
            argv[0]);
    return 1;
  }
  float (*A)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  float (*B)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  if (!A || !B) {
    fprintf(stderr, "heat3d_runtime: out of memory\n");
    return 1;
  }
  init(nz, ny, nx, A, B);

  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  diffuse(nz, ny, nx, steps, A, B);
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "heat3d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("heat3d nx=%d ny=%d nz=%d steps=%d\n", nx, ny, nz, steps);
  print_array("A", nz, ny, nx, A);
  print_array("B", nz, ny, nx, B);
  free(A);
  free(B);
  return 0;
}
