// C as Debian 12's gcc still takes it with warnings: old-style (K&R)
// definitions, implicit int, calls before any declaration. tilec parses it
// as gcc does, and its output builds under the same -std=gnu89.
#include <stdio.h>
#define N 64
float A[N], B[N];
static count = 3;
main() {
  int t, i;
  init(A, N);
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data(float A[N], float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      B[i] = 0.25f * (A[i - 1] + 2 * A[i] + A[i + 1]);
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
  report(A, N);
  return 0;
}
init(a, n) float *a; int n; {
  int i;
  for (i = 0; i < n; i++) a[i] = i % 5;
  return 0;
}
report(a, n) float *a; {
  int i; double s = 0;
  for (i = 0; i < n; i++) s += a[i] * (i + 1);
  printf("%.9g %d\n", s, count);
  return 0;
}
