// A copy loop whose bound is known only at run time and differs from the
// calc loop's: not a buffer swap, and copy kernels take no run-time bounds
// yet.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];
int n;

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
// CHECK: {{.*}}copy-loop-bound-runtime.c:[[@LINE+1]]:21: error: bound of the copy loop over 'i' is known only at run time, which a copy nest whose range differs from the calc nest's does not support yet
    for (i = 1; i < n; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
