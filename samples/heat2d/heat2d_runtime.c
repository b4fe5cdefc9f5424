/* heat2d_runtime: heat2d with its grid sized at run time, the way most
 * research codes are written: the size and step count come from the command
 * line (`heat2d_runtime [ny nx [steps]]`, defaults NY NX STEPS), the arrays
 * are allocated on the heap as pointers to rows of a variable-length type,
 * and a function sweeps them. The stencil, the initial values and the
 * printed report are heat2d's, so at the same size the two print the same. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef NX
#define NX 2048
#endif
#ifndef NY
#define NY 2048
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
static void init(int ny, int nx, float (*A)[nx], float (*B)[nx]) {
  int j, i;
  for (j = 0; j < ny; j++) {
    for (i = 0; i < nx; i++) {
      unsigned int idx = (unsigned int)j * nx + i;
      A[j][i] = hash01(idx ^ 0x5bd1e995u);
      B[j][i] = -1.0f - hash01(idx ^ 0x9e3779b9u);
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

static void probe(const char *name, int nx, float (*v)[nx], int y, int x) {
  printf("%s[%d][%d] %.9e\n", name, y, x, (double)v[y][x]);
}

static void print_array(const char *name, int ny, int nx, float (*v)[nx]) {
  report(name, &v[0][0], (unsigned long)ny * nx);
  probe(name, nx, v, 0, 0);           /* corner */
  probe(name, nx, v, 0, nx / 2);      /* boundary edge */
  probe(name, nx, v, ny / 2, nx / 2); /* centre */
  probe(name, nx, v, 1, 1);           /* next to the corner */
  probe(name, nx, v, ny / 3, nx - 2); /* next to the boundary */
  probe(name, nx, v, ny - 1, nx - 1); /* far corner */
}

static void diffuse(int ny, int nx, int steps, float (*A)[nx],
                    float (*B)[nx]) {
  const float C0 = 0.6f;
  const float C1 = 0.1f;
  int t, j, i;
  /* Keep each #pragma stencil directive on one line. */
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float A[ny][nx]) destination(float B[ny][nx])
#pragma stencil dimension(j, i)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++)
        B[j][i] = C0 * A[j][i] +
                  C1 * (A[j - 1][i] + A[j + 1][i] + A[j][i - 1] + A[j][i + 1]);
#pragma stencil copy
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++)
        A[j][i] = B[j][i];
  }
#pragma stencil end
  // clang-format on
}

int main(int argc, char **argv) {
  int ny = argc > 2 ? atoi(argv[1]) : NY;
  int nx = argc > 2 ? atoi(argv[2]) : NX;
  int steps = argc > 3 ? atoi(argv[3]) : STEPS;
  if (ny < 3 || nx < 3 || steps < 0) {
    fprintf(stderr, "usage: %s [ny nx [steps]] with ny, nx >= 3\n", argv[0]);
    return 1;
  }
  float (*A)[nx] = malloc(sizeof(float) * ny * nx);
  float (*B)[nx] = malloc(sizeof(float) * ny * nx);
  if (!A || !B) {
    fprintf(stderr, "heat2d_runtime: out of memory\n");
    return 1;
  }
  init(ny, nx, A, B);

  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  diffuse(ny, nx, steps, A, B);
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "heat2d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("heat2d nx=%d ny=%d steps=%d\n", nx, ny, steps);
  print_array("A", ny, nx, A);
  print_array("B", ny, nx, B);
  free(A);
  free(B);
  return 0;
}
