/* PolyBench's jacobi-1d shape: two calc nests per step sweeping A into B
 * and B into A, flat 1D arrays passed as parameters (`double A[N]`).
 * -DUSE_DOUBLE for double, -DUSE_TYPEDEF for a typedef element type,
 * -DSHARED_BOUNDARY for arrays that agree at both ends. */
#include <stdlib.h>

#include "report.h"

#ifndef N
#define N 301
#endif
#ifndef STEPS
#define STEPS 11
#endif
/* -DUSE_TYPEDEF declares the element type with a typedef, as C programs
 * often do, and the data clause names the typedef. */
#ifdef USE_DOUBLE
#define REAL_TYPE double
#define REPORT report_doubles
#else
#define REAL_TYPE float
#define REPORT report_floats
#endif
#ifdef USE_TYPEDEF
typedef REAL_TYPE real;
#else
#define real REAL_TYPE
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
#ifdef SHARED_BOUNDARY
  B[0] = A[0];
  B[N - 1] = A[N - 1];
#endif
  kernel_jacobi_1d(A, B);
  REPORT("A", A, N);
  REPORT("B", B, N);
  free(A);
  free(B);
  return 0;
}
