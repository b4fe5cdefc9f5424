// A Gauss-Seidel sweep (PolyBench's seidel-2d shape) with the role-free
// data clause: the nest writes A and reads it at an offset, which no
// parallel order reproduces. The error names the array at its first such
// read; nothing is written.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 20
static double A[N][N];

void seidel(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data(double A[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t <= 3; t++) {
#pragma stencil calc
    for (i = 1; i <= N - 2; i++)
      for (j = 1; j <= N - 2; j++)
// CHECK: {{.*}}in-place-read-offset.c:[[@LINE+1]]:20: error: calc writes 'A' and reads it here at an offset: the result would depend on the order of the points (a Gauss-Seidel sweep is not a parallel update)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
