// A run-time bound must hold for the whole region: the region may not
// write the variables it reads.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 64
float A[NX], B[NX];

void f(int n, int steps) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < steps; t++) {
    n = n - 1;
#pragma stencil calc
// CHECK: {{.*}}loop-bound-written.c:[[@LINE+1]]:21: error: bound of the calc loop over 'i' reads 'n', which the region writes; copy it to a variable the region does not change
    for (i = 1; i < n - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
