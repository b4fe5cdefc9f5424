// An upper bound that is neither a constant nor a run-time expression
// without side effects (a call): reported at the bound.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

int next(void);

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
// CHECK: {{.*}}loop-upper-not-constant.c:[[@LINE+1]]:21: error: bound of the calc loop over 'i' must be an integer expression without side effects that does not depend on the nest's loop variables
    for (i = 1; i < next(); i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
