// A copy nest whose two loops both run over j: the dimension variable i is
// not a loop variable of the copy nest (reported at the copy nest's loop).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 8
float A[N][N], B[N][N];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[N][N]) destination(float B[N][N])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < N - 1; j++)
      for (i = 1; i < N - 1; i++)
        B[j][i] = A[j][i - 1] + A[j][i + 1];
#pragma stencil copy
// CHECK: {{.*}}copy-dimension-not-loop-var.c:[[@LINE+1]]:5: error: dimension variable 'i' is not a loop variable of the copy nest
    for (j = 1; j < N - 1; j++)
      for (j = 1; j < N - 1; j++)
        A[j][j] = B[j][j];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
