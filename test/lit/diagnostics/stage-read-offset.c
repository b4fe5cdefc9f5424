// The second stage of a multi-stage region updates A in place but reads it
// at an offset (a Gauss-Seidel sweep, PolyBench's seidel-2d): the result
// would depend on the order of the points. Reported at the read, with the
// array's name; the first stage is fine.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 32
double A[N][N], B[N][N];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data(double A[N][N], double B[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = A[i][j - 1] + A[i][j + 1];
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
// CHECK: {{.*}}stage-read-offset.c:[[@LINE+1]]:30: error: calc writes 'A' and reads it here at an offset
        A[i][j] = (B[i][j] + A[i - 1][j] + A[i][j]) / 3.0;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
