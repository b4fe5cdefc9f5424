// A loop inside the calc body (deeper than the dimensions).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  int k;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}stmt-for.c:[[@LINE+1]]:7: error: unsupported statement in calc: only declarations and assignments are allowed
      for (k = 0; k < 2; k++) B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
