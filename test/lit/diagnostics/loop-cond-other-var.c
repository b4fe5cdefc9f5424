// A condition that does not test the loop variable.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(int n) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
// CHECK: {{.*}}loop-cond-other-var.c:[[@LINE+1]]:17: error: unsupported loop form in the calc nest: expected 'for (v = lower; v < upper; v++)'
    for (i = 1; i - 1 < NX - 2; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
