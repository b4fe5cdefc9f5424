// A subscript that uses the loop variable of another axis: j in the i
// position.
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
// CHECK: {{.*}}offset-wrong-axis.c:[[@LINE+1]]:34: error: subscript 2 of 'A' must be 'i' plus or minus an integer constant
        B[j][i] = A[j][i] + A[j][j];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
