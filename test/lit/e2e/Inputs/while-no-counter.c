// A time loop without a counter: the simulated time advances by dt until
// it reaches the end time, and `step(N)` gives the expected number of
// steps for tuning only. A 1D heat equation with fixed ends, arrays
// static, sizes constant.
#include <stdio.h>

#ifndef N
#define N 200
#endif
#ifndef TEND
#define TEND 1.0
#endif

static double u[N], unew[N];

int main(void) {
  for (int i = 0; i < N; i++)
    u[i] = unew[i] = (i == N / 2) ? 100.0 : (i % 7) * 0.25;
  const double dt = 0.0078125, nu = 0.25;
  double time = 0.0;
#pragma stencil begin
#pragma stencil step(128)
#pragma stencil data(double u[N], double unew[N])
#pragma stencil dimension(i)
  while (time < TEND) {
#pragma stencil calc
    for (int i = 1; i < N - 1; i++)
      unew[i] = u[i] + nu * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
#pragma stencil copy
    for (int i = 1; i < N - 1; i++)
      u[i] = unew[i];
    time += dt;
  }
#pragma stencil end
  printf("time %.17g\n", time);
  for (int i = 0; i < N; i += N / 10)
    printf("u[%d] = %.17g\n", i, u[i]);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    s += u[i] * (i + 1) + unew[i];
  printf("sum %.17g\n", s);
  return 0;
}
