// A bound that depends on an outer loop of the same nest (a triangular
// loop) is neither constant nor fixed for the nest; the reversed form
// 'e > v' is read the same way.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 16
float A[N][N], B[N][N];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[N][N]) destination(float B[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
// CHECK: {{.*}}loop-bound-triangular.c:[[@LINE+1]]:19: error: bound of the calc loop over 'j' must be an integer expression without side effects that does not depend on the nest's loop variables
      for (j = 1; i > j; j++)
        B[i][j] = A[i][j];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
