/* heat1d: 3-point 1D heat-diffusion (Jacobi) stencil annotated with
 * #pragma stencil directives for the tilec translator. Prints the sum, an
 * FNV-1a hash and probe values of both arrays so that the serial program and
 * the translated GPU program can be compared. */
#include <stdio.h>
#include <time.h>

#ifndef NX
#define NX 4194304
#endif
#ifndef STEPS
#define STEPS 100
#endif

float A[NX];
float B[NX];

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
  int i;
  for (i = 0; i < NX; i++) {
    A[i] = hash01((unsigned int)i ^ 0x5bd1e995u);
    B[i] = -1.0f - hash01((unsigned int)i ^ 0x9e3779b9u);
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

static void probe(const char *name, const float v[NX], int x) {
  printf("%s[%d] %.9e\n", name, x, (double)v[x]);
}

static void print_array(const char *name, const float v[NX]) {
  report(name, v, (unsigned long)NX);
  probe(name, v, 0);      /* boundary */
  probe(name, v, 1);      /* next to the boundary */
  probe(name, v, NX / 2); /* centre */
  probe(name, v, NX - 2); /* next to the boundary */
  probe(name, v, NX - 1); /* boundary */
}

int main(void) {
  const float C0 = 0.4f;
  const float C1 = 0.3f;
  int t, i;

  init();
  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);

  /* Keep each #pragma stencil directive on one line. */
  // clang-format off
#pragma acc data copy(A[0:NX], B[0:NX])
  for (t = 0; t < STEPS; t++) {
#pragma acc parallel loop
    for (i = 1; i < NX - 1; i++)
      B[i] = C0 * A[i] + C1 * (A[i - 1] + A[i + 1]);
#pragma acc parallel loop
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
  // clang-format on
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "heat1d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("heat1d nx=%d steps=%d\n", NX, STEPS);
  print_array("A", A);
  print_array("B", B);
  return 0;
}
