// A dimension variable that no loop of the calc nest runs over (here the
// inner loop reuses j): reported at the variable in `dimension`.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 8
float A[N][N], B[N][N];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[N][N]) destination(float B[N][N])
// CHECK: {{.*}}dimension-not-loop-var.c:[[@LINE+1]]:30: error: dimension variable 'i' is not a loop variable of the calc nest
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < N - 1; j++)
      for (j = 1; j < N - 1; j++)
        B[j][j] = A[j][j];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
