/* fdtd2d: 2D finite-difference time-domain (Yee) kernel in the shape of
 * PolyBench/C's fdtd-2d, annotated for tilec. Each time step sets a
 * boundary row of ey from a per-step table, then updates ey, ex and hz in
 * place in three nests with different ranges: four stages, no copy nest.
 * The kernel is a function that receives the arrays, which main allocates
 * on the heap. Prints the sum, an FNV-1a hash and probe values of each
 * field. Sizes: -DNX=... -DNY=... -DSTEPS=...; -DDATA_TYPE_IS_DOUBLE for
 * double. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef NX
#define NX 1000
#endif
#ifndef NY
#define NY 1200
#endif
#ifndef STEPS
#define STEPS 50
#endif
#ifdef DATA_TYPE_IS_DOUBLE
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#else
#define DATA_TYPE float
#define SCALAR_VAL(x) x##f
#endif

static void init_array(int nx, int ny, DATA_TYPE ex[NX][NY],
                       DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                       DATA_TYPE fict[STEPS]) {
  int i, j;
  for (i = 0; i < STEPS; i++)
    fict[i] = (DATA_TYPE)i;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / nx;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / ny;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / nx;
    }
}

/* The sum (in double), the FNV-1a 64-bit hash and a few probe values. */
static void print_array(const char *name, DATA_TYPE X[NX][NY]) {
  const unsigned char *bytes = (const unsigned char *)&X[0][0];
  unsigned long long h = 0xcbf29ce484222325ULL;
  double sum = 0.0;
  size_t k;
  int i, j;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      sum += X[i][j];
  for (k = 0; k < (size_t)NX * NY * sizeof(DATA_TYPE); k++) {
    h ^= bytes[k];
    h *= 0x100000001b3ULL;
  }
  printf("%s sum %.12e\n", name, sum);
  printf("%s hash %016llx\n", name, h);
  printf("%s[0][%d] %.12e\n", name, NY / 2, (double)X[0][NY / 2]);
  printf("%s[%d][0] %.12e\n", name, NX / 2, (double)X[NX / 2][0]);
  printf("%s[%d][%d] %.12e\n", name, NX / 2, NY / 3, (double)X[NX / 2][NY / 3]);
  printf("%s[%d][%d] %.12e\n", name, NX - 1, NY - 1,
         (double)X[NX - 1][NY - 1]);
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                           DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                           DATA_TYPE fict[STEPS]) {
  int t, i, j;
  (void)tmax;
  (void)nx;
  (void)ny;

  // clang-format off
  for (t = 0; t < STEPS; t++) {
    for (j = 0; j < NY; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < NX; i++)
      for (j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < NX - 1; i++)
      for (j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] +
                                                 ey[i + 1][j] - ey[i][j]);
  }
  // clang-format on
}

int main(void) {
  DATA_TYPE(*ex)[NY] = malloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE(*ey)[NY] = malloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE(*hz)[NY] = malloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE *fict = malloc(sizeof(DATA_TYPE[STEPS]));
  struct timespec t_start, t_end;
  if (!ex || !ey || !hz || !fict) {
    fprintf(stderr, "fdtd2d: out of memory\n");
    return 1;
  }
  init_array(NX, NY, ex, ey, hz, fict);

  /* The kernel's wall time goes to stderr (stdout is compared). */
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  kernel_fdtd_2d(STEPS, NX, NY, ex, ey, hz, fict);
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "fdtd2d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("fdtd2d nx=%d ny=%d steps=%d\n", NX, NY, STEPS);
  print_array("ex", ex);
  print_array("ey", ey);
  print_array("hz", hz);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
