/* himeno: Himeno-benchmark style Jacobi relaxation (19-point stencil with a
 * gosa residual reduction) annotated with #pragma stencil directives for the
 * tilec translator. Prints the sum, an FNV-1a hash and probe values of p and
 * wrk2 plus the final gosa so that the serial program and the translated GPU
 * program can be compared. */
#include <stdio.h>
#include <time.h>

#ifndef NX
#define NX 256
#endif
#ifndef NY
#define NY 128
#endif
#ifndef NZ
#define NZ 128
#endif
#ifndef STEPS
#define STEPS 100
#endif

float p[NZ][NY][NX];
float a[4][NZ][NY][NX];
float b[3][NZ][NY][NX];
float c[3][NZ][NY][NX];
float bnd[NZ][NY][NX];
float wrk1[NZ][NY][NX];
float wrk2[NZ][NY][NX];
float omega = 0.8f;

/* Integer hash of an index mapped to a float in [0,1). */
static float hash01(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return (float)(x >> 8) * (1.0f / 16777216.0f);
}

/* Himeno initialisation, perturbed to exercise more of the translator: b and
 * wrk1 get small index-hash values (so the b cross terms and wrk1 matter
 * everywhere) and wrk2 is 0 on the boundary, where the stencil never writes,
 * instead of a copy of p. */
static void init(void) {
  int i, j, k, m;
  for (i = 0; i < NZ; i++) {
    for (j = 0; j < NY; j++) {
      for (k = 0; k < NX; k++) {
        unsigned int idx = ((unsigned int)i * NY + j) * NX + k;
        int border = i == 0 || i == NZ - 1 || j == 0 || j == NY - 1 || k == 0 ||
                     k == NX - 1;
        for (m = 0; m < 3; m++) {
          a[m][i][j][k] = 1.0f;
          b[m][i][j][k] =
              0.01f * hash01((idx * 3u + (unsigned int)m) ^ 0x5bd1e995u);
          c[m][i][j][k] = 1.0f;
        }
        a[3][i][j][k] = 1.0f / 6.0f;
        bnd[i][j][k] = 1.0f;
        wrk1[i][j][k] = 0.001f * hash01(idx ^ 0x9e3779b9u);
        p[i][j][k] = (float)(i * i) / (float)((NZ - 1) * (NZ - 1));
        wrk2[i][j][k] = border ? 0.0f : p[i][j][k];
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

static void probe(const char *name, float v[NZ][NY][NX], int z, int y, int x) {
  printf("%s[%d][%d][%d] %.9e\n", name, z, y, x, (double)v[z][y][x]);
}

static void print_array(const char *name, float v[NZ][NY][NX]) {
  report(name, &v[0][0][0], (unsigned long)NZ * NY * NX);
  probe(name, v, 0, 0, 0);                /* corner */
  probe(name, v, NZ - 1, NY / 2, NX / 2); /* boundary face */
  probe(name, v, NZ / 2, NY / 2, NX / 2); /* centre */
  probe(name, v, 1, 1, 1);                /* next to the corner */
  probe(name, v, NZ - 2, NY / 3, NX - 2); /* next to the boundary */
  probe(name, v, NZ / 3, NY - 1, NX / 4); /* boundary face */
}

int main(void) {
  float gosa = 0.0f;
  int n, i, j, k;

  init();
  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);

  /* Keep each #pragma stencil directive on one line. */
  // clang-format off
  for (n = 0; n < STEPS; n++) {
    gosa = 0.0f;
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++) {
          float s0 =
              a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
              a[2][i][j][k] * p[i][j][k + 1] +
              b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                               p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
              b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                               p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
              b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                               p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
              c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
              c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
          float ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
          gosa += ss * ss;
          wrk2[i][j][k] = p[i][j][k] + omega * ss;
        }
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          p[i][j][k] = wrk2[i][j][k];
  }
  // clang-format on
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "himeno time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("himeno nx=%d ny=%d nz=%d steps=%d\n", NX, NY, NZ, STEPS);
  print_array("p", p);
  print_array("wrk2", wrk2);
  printf("gosa %.9e\n", (double)gosa);
  return 0;
}
