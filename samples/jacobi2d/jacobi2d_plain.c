/* jacobi2d: the 2D Jacobi sweep in the shape of PolyBench/C's jacobi-2d,
 * annotated for tilec. Each time step sweeps A into B and then B into A
 * (two calc nests, no copy nest); the kernel is a function that receives
 * the arrays, which main allocates on the heap. Prints the sum, an FNV-1a
 * hash and probe values of both arrays so that the serial program and the
 * translated one can be compared. Sizes: -DN=..., -DSTEPS=...; element
 * type: -DDATA_TYPE_IS_DOUBLE for double. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 1024
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

/* A and B start different everywhere, boundaries included: each sweep
 * must read its own source's boundary. */
static void init_array(int n, DATA_TYPE A[N][N], DATA_TYPE B[N][N]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
    }
}

/* The sum (in double), the FNV-1a 64-bit hash and a few probe values. */
static void print_array(const char *name, int n, DATA_TYPE X[N][N]) {
  const unsigned char *bytes = (const unsigned char *)&X[0][0];
  unsigned long long h = 0xcbf29ce484222325ULL;
  double sum = 0.0;
  size_t k;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      sum += X[i][j];
  for (k = 0; k < (size_t)n * n * sizeof(DATA_TYPE); k++) {
    h ^= bytes[k];
    h *= 0x100000001b3ULL;
  }
  printf("%s sum %.12e\n", name, sum);
  printf("%s hash %016llx\n", name, h);
  printf("%s[0][%d] %.12e\n", name, n / 2, (double)X[0][n / 2]);
  printf("%s[1][1] %.12e\n", name, (double)X[1][1]);
  printf("%s[%d][%d] %.12e\n", name, n / 2, n / 3, (double)X[n / 2][n / 3]);
  printf("%s[%d][%d] %.12e\n", name, n - 2, n - 2, (double)X[n - 2][n - 2]);
}

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[N][N],
                             DATA_TYPE B[N][N]) {
  int t, i, j;
  (void)tsteps;
  (void)n;

  // clang-format off
  for (t = 0; t < STEPS; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] +
                                     A[1 + i][j] + A[i - 1][j]);
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] +
                                     B[1 + i][j] + B[i - 1][j]);
  }
  // clang-format on
}

int main(void) {
  DATA_TYPE(*A)[N] = malloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE(*B)[N] = malloc(sizeof(DATA_TYPE[N][N]));
  struct timespec t_start, t_end;
  if (!A || !B) {
    fprintf(stderr, "jacobi2d: out of memory\n");
    return 1;
  }
  init_array(N, A, B);

  /* The kernel's wall time goes to stderr (stdout is compared). */
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  kernel_jacobi_2d(STEPS, N, A, B);
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "jacobi2d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("jacobi2d n=%d steps=%d\n", N, STEPS);
  print_array("A", N, A);
  print_array("B", N, B);
  free(A);
  free(B);
  return 0;
}
