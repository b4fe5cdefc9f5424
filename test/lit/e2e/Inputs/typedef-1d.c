/* jacobi-1d with its element type behind a typedef (`typedef float real;`),
 * as C programs often declare it: the data clause names the typedef. Two
 * calc nests per step, arrays passed as `real A[N]`. -DUSE_DOUBLE for double. */
#include <stdlib.h>

#include "report.h"

#ifndef N
#define N 301
#endif
#ifndef STEPS
#define STEPS 11
#endif
#ifdef USE_DOUBLE
typedef double real;
#define REPORT report_doubles
#else
typedef float real;
#define REPORT report_floats
#endif

static void kernel_jacobi_1d(real A[N], real B[N]) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(real A[N], real B[N])
#pragma stencil dimension(i)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      B[i] = (real)0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      A[i] = (real)0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma stencil end
}

int main(void) {
  real *A = malloc(sizeof(real) * N), *B = malloc(sizeof(real) * N);
  int i;
  if (!A || !B)
    return 1;
  for (i = 0; i < N; i++) {
    A[i] = ((real)i + 2) / N;
    B[i] = ((real)i + 3) / N;
  }
  kernel_jacobi_1d(A, B);
  REPORT("A", A, N);
  REPORT("B", B, N);
  free(A);
  free(B);
  return 0;
}
