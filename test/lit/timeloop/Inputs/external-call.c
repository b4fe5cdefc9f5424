// A call of a function defined elsewhere, which may use the region's
// arrays of external linkage (A), not its static one (B), nor the
// standard library's printf.
#include <stdio.h>
#define N 64
double A[N];
static double B[N];
void report(int step);

void run(int steps) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data(double A[N], double B[N])
#pragma stencil dimension(i)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      B[i] = 0.5 * (A[i - 1] + A[i + 1]);
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
    report(t);
    printf("%d\n", t);
  }
#pragma stencil end
}
