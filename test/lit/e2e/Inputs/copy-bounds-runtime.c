/* Copy loops whose bounds are read at run time and differ from the calc
 * loops': a 1D smoother that copies back only [1, m) of its result (the
 * rest of A keeps its start values), and a step of three nests where a
 * copy nest over [1, n - 1) sits between two calc nests. Arguments: n m
 * steps (defaults 60 41 9); n and m at most N. Prints sums and samples. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#define N 200
static double A[N], B[N], C[N], D[N], E[N];

static void smooth(int steps, int n, int m) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(double A[N]) destination(double B[N])
#pragma stencil dimension(i)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      B[i] = 0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * A[i + 1];
#pragma stencil copy
    for (i = 1; i < m; i++)
      A[i] = B[i];
  }
#pragma stencil end
}

static void relay(int steps, int n) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data(double C[N], double D[N], double E[N])
#pragma stencil dimension(i)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      D[i] = 0.5 * (C[i - 1] + C[i + 1]);
#pragma stencil copy
    for (i = 1; i < n - 1; i++)
      E[i] = D[i];
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      C[i] = C[i] + 0.25 * (E[i - 1] - 2.0 * E[i] + E[i + 1]);
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 60;
  int m = argc > 2 ? atoi(argv[2]) : 41;
  int steps = argc > 3 ? atoi(argv[3]) : 9;
  for (int i = 0; i < N; i++) {
    A[i] = (double)((i * 7) % 13);
    B[i] = -1.0;
    C[i] = (double)((i * 5) % 11) / 11;
    D[i] = 0.5;
    E[i] = (double)(i % 3);
  }
  smooth(steps, n, m);
  relay(steps, n);
  report_doubles("A", A, N);
  report_doubles("B", B, N);
  report_doubles("C", C, N);
  report_doubles("D", D, N);
  report_doubles("E", E, N);
  return 0;
}
