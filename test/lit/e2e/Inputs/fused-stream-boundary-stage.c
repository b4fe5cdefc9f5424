/* Seed 3327 of test/fuzz, as the fuzzer wrote it: the third stage reads
 * the second's field at x - 1 and x + 1, fused and streamed; wrong on
 * pocl 3.1 at T >= 2 (fused-stream-cross-lane.c says why), exact with
 * -cl-opt-disable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NY 34
#define NX 34
#define STEPS 2

static int ticks;
static float tbl[16];
static float U[NY][NX];
static float V[NY][NX];
static float P[NY][NX];

static void fill(float *p, size_t count, int salt, int dest) {
  for (size_t n = 0; n < count; n++)
    p[n] = dest ? -(float)0.5 : (float)((n * 7 + (size_t)salt * 13) % 17) / 17 - (float)0.25;
}

static void digest(const char *name, const void *data, size_t bytes) {
  const unsigned char *p = data;
  unsigned long long h = 0xcbf29ce484222325ULL;
  for (size_t n = 0; n < bytes; n++) {
    h ^= p[n];
    h *= 0x100000001b3ULL;
  }
  printf("%s hash %016llx\n", name, h);
}

int main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fill((float *)&U[0][0], (size_t)NY * NX, 1, 0);
  fill((float *)&V[0][0], (size_t)NY * NX, 2, 0);
  fill((float *)&P[0][0], (size_t)NY * NX, 3, 0);
  fill(tbl, 16, 9, 0);
  int t, j, k;
  #pragma stencil begin
  #pragma stencil step(t:STEPS)
  #pragma stencil data(float U[NY][NX], float V[NY][NX], float P[NY][NX])
  #pragma stencil dimension(j, k)
  for (t = 0; t < STEPS; t++) {
    #pragma stencil calc
    for (k = 2; k < NX - 2; k++)
      U[0][k] = -0.1555556f * P[0][k];
    #pragma stencil calc
    for (j = 0; j < NY - 1; j++)
      for (k = 1; k < NX - 1; k++)
        V[j][k] = -0.0600000f * U[j][k] + -0.1400000f * U[j + 1][k] + 0.1600000f * P[j][k] + -0.1200000f * P[j][k + 1] + -0.1800000f * P[j + 1][k] + 0.1000000f * V[j][k];
    #pragma stencil calc
    for (j = 1; j < NY; j++)
      for (k = 1; k < NX - 2; k++)
        U[j][k] = 0.0909091f * V[j - 1][k] + -0.0454545f * V[j][k - 1] + 0.2045455f * V[j][k] + -0.2045455f * V[j][k + 1] + 0.2045455f * U[j][k] + 0.1250000f * tbl[t + 1];
  }
  #pragma stencil end
  printf("t %d\n", t);
  digest("U", &U[0][0], sizeof(float) * (size_t)NY * NX);
  digest("V", &V[0][0], sizeof(float) * (size_t)NY * NX);
  digest("P", &P[0][0], sizeof(float) * (size_t)NY * NX);
  printf("ticks %d\n", ticks);
  return 0;
}
