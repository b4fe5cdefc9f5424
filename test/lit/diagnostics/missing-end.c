// A region that is never closed is reported at its `begin`.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
// CHECK: {{.*}}missing-end.c:[[@LINE+1]]:17: error: stencil region has no matching '#pragma stencil end'
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
