/* Host statements in the time loop that call functions reading (or
   writing) a static region array without naming it: the arrays the
   callees use come to the host for them and go back, as for a statement
   that names them. */
#include <stdio.h>

#define N 64
#define STEPS 6

static double A[N], B[N];

static double checksum(void) {
  double s = 0;
  int i;
  for (i = 0; i < N; i++)
    s += A[i] * (1 + i % 7);
  return s;
}

static void wall(void) { A[0] = A[1]; }

int main(void) {
  int t, i;
  for (i = 0; i < N; i++) {
    A[i] = (i * 7 % 17) / 17.0;
    B[i] = 0;
  }
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data(double A[N], double B[N])
#pragma stencil dimension(i)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      B[i] = 0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * A[i + 1];
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
    wall();
    if (t % 2 == 0)
      printf("step %d checksum %.17g\n", t, checksum());
  }
#pragma stencil end
  printf("t %d final %.17g A[0] %.17g\n", t, checksum(), A[0]);
  return 0;
}
