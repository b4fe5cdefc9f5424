// Five regions in one file: a double 2D stencil with an asymmetric radius-2
// access and a max reduction, an int 1D stencil with a sum reduction (exact),
// a float min reduction through fminf, an int sum that each step sets to 0
// before calc, over steps whose sums differ (the host combines only the last
// launch's partial results, at the region's end), and the same where the
// loop's condition reads the sum and stops the loop after three of six
// steps (combined after every launch). The last two have copy nests.
// RUN: %tilec --dump-ir %s | %FileCheck %s
// RUN: %check_sample --sample %s --target opencl --workdir %t.ocl -- -DN=29
// RUN: %check_sample --sample %s --target cuda --workdir %t.cuda -- -DN=29
// CHECK: region reductions at
// CHECK: field D double[{{[0-9]+}}][{{[0-9]+}}] read-only, halo y -2/+0 x -1/+2
// CHECK: reduction max peak double{{$}}
// CHECK: copy strategy: none
// CHECK: region reductions_r2 at
// CHECK: reduction + total int{{$}}
// CHECK: region reductions_r3 at
// CHECK: reduction min lowest float{{$}}
// CHECK: region reductions_r4 at
// CHECK: reduction + last int, combined at leave
// CHECK: region reductions_r5 at
// CHECK: reduction + grown int{{$}}
#include <math.h>

#include "Inputs/report.h"

#ifndef N
#define N 20
#endif

double D[N][N], E[N][N];
int P[N], Q[N];
int R1[N], R2[N];
float F[N], G[N];

int main(void) {
  int t, i, j;
  double peak = -1e300;
  int total = 7;
  float lowest = 1e30f;
  int last = -5;
  int grown = 0;
  for (i = 0; i < N; i++) {
    P[i] = (i * 37) % 101 - 50;
    Q[i] = -i;
    F[i] = (float)((i * 13) % 17) - 8.5f;
    R1[i] = 1;
    R2[i] = 0;
    G[i] = 100.0f + i;
    for (j = 0; j < N; j++) {
      D[i][j] = sin(0.1 * i) + cos(0.3 * j);
      E[i][j] = -2.0;
    }
  }

#pragma stencil begin
#pragma stencil step(t:2)
#pragma stencil data source(double D[N][N]) destination(double E[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < 2; t++) {
#pragma stencil calc reduction(max:peak)
    for (i = 2; i < N; i++)
      for (j = 1; j < N - 2; j++) {
        E[i][j] = 0.5 * D[i][j] - 0.25 * (D[i - 2][j] + D[i][j + 2]) + D[i][j - 1] * D[i - 1][j + 1];
        peak = fmax(peak, E[i][j]);
      }
  }
#pragma stencil end

#pragma stencil begin
#pragma stencil step(t:3)
#pragma stencil data source(int P[N]) destination(int Q[N])
#pragma stencil dimension(i)
  for (t = 0; t < 3; t++) {
    total = total - 1;
#pragma stencil calc reduction(+:total)
    for (i = 1; i < N - 1; i++) {
      Q[i] = 3 * P[i] - P[i - 1] + (P[i + 1] / 2) % 5;
      total += Q[i];
    }
  }
#pragma stencil end

#pragma stencil begin
#pragma stencil step(t:1)
#pragma stencil data source(float F[N]) destination(float G[N])
#pragma stencil dimension(i)
  for (t = 0; t < 1; t++) {
#pragma stencil calc reduction(min:lowest)
    for (i = 1; i < N - 1; i++) {
      G[i] = F[i - 1] * F[i + 1] - F[i];
      lowest = fminf(lowest, G[i]);
    }
  }
#pragma stencil end

#pragma stencil begin
#pragma stencil step(t:3)
#pragma stencil data source(int P[N]) destination(int Q[N])
#pragma stencil dimension(i)
  for (t = 0; t < 3; t++) {
    last = 0;
#pragma stencil calc reduction(+:last)
    for (i = 1; i < N - 1; i++) {
      Q[i] = P[i - 1] + 2 * P[i] - P[i + 1];
      last += Q[i] * (i % 3);
    }
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      P[i] = Q[i];
  }
#pragma stencil end

#pragma stencil begin
#pragma stencil step(t:6)
#pragma stencil data source(int R1[N]) destination(int R2[N])
#pragma stencil dimension(i)
  for (t = 0; t < 6 && grown < 20 * N; t++) {
    grown = 0;
#pragma stencil calc reduction(+:grown)
    for (i = 1; i < N - 1; i++) {
      R2[i] = R1[i - 1] + R1[i] + R1[i + 1];
      grown += R2[i];
    }
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      R1[i] = R2[i];
  }
#pragma stencil end
  printf("steps run %d\n", t);

  report_doubles("E", &E[0][0], N * N);
  printf("peak %.17e\n", peak);
  report_ints("Q", Q, N);
  printf("total %d\n", total);
  report_floats("G", G, N);
  printf("lowest %.9e\n", (double)lowest);
  report_ints("P", P, N);
  printf("last %d\n", last);
  report_ints("R1", R1, N);
  printf("grown %d\n", grown);
  return 0;
}
