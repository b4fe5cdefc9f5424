/* heat2d: 5-point 2D heat-diffusion (Jacobi) stencil annotated with
 * #pragma stencil directives for the tilec translator. Prints the sum, an
 * FNV-1a hash and probe values of both arrays so that the serial program and
 * the translated GPU program can be compared. */
#include <stdio.h>
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

/* The element type: float, or double with -DDATA_TYPE_IS_DOUBLE. */
#ifdef DATA_TYPE_IS_DOUBLE
typedef double real;
#else
typedef float real;
#endif

real A[NY][NX];
real B[NY][NX];

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
static void init(void) {
  int j, i;
  for (j = 0; j < NY; j++) {
    for (i = 0; i < NX; i++) {
      unsigned int idx = (unsigned int)j * NX + i;
      A[j][i] = hash01(idx ^ 0x5bd1e995u);
      B[j][i] = -1.0f - hash01(idx ^ 0x9e3779b9u);
    }
  }
}

/* Prints the sum (in double) and the FNV-1a 64-bit hash of n elements. */
static void report(const char *name, const real *v, unsigned long n) {
  const unsigned char *bytes = (const unsigned char *)v;
  unsigned long long h = 0xcbf29ce484222325ULL;
  double sum = 0.0;
  unsigned long m;
  for (m = 0; m < n; m++)
    sum += v[m];
  for (m = 0; m < n * sizeof(real); m++) {
    h ^= bytes[m];
    h *= 0x100000001b3ULL;
  }
  printf("%s sum %.9e\n", name, sum);
  printf("%s hash %016llx\n", name, h);
}

static void probe(const char *name, real v[NY][NX], int y, int x) {
  printf("%s[%d][%d] %.9e\n", name, y, x, (double)v[y][x]);
}

static void print_array(const char *name, real v[NY][NX]) {
  report(name, &v[0][0], (unsigned long)NY * NX);
  probe(name, v, 0, 0);           /* corner */
  probe(name, v, 0, NX / 2);      /* boundary edge */
  probe(name, v, NY / 2, NX / 2); /* centre */
  probe(name, v, 1, 1);           /* next to the corner */
  probe(name, v, NY / 3, NX - 2); /* next to the boundary */
  probe(name, v, NY - 1, NX - 1); /* far corner */
}

int main(void) {
  const real C0 = 0.6;
  const real C1 = 0.1;
  int t, j, i;

  init();
  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);

  /* Keep each #pragma stencil directive on one line. */
  // clang-format off
#pragma acc data copy(A[0:NY][0:NX], B[0:NY][0:NX])
  for (t = 0; t < STEPS; t++) {
#pragma acc parallel loop collapse(2)
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        B[j][i] = C0 * A[j][i] +
                  C1 * (A[j - 1][i] + A[j + 1][i] + A[j][i - 1] + A[j][i + 1]);
#pragma acc parallel loop collapse(2)
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        A[j][i] = B[j][i];
  }
  // clang-format on
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "heat2d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("heat2d nx=%d ny=%d steps=%d\n", NX, NY, STEPS);
  print_array("A", A);
  print_array("B", B);
  return 0;
}
