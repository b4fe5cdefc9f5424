// The contribution of a '+' update must not read the variable.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  float s = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc reduction(+:s)
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}reduction-self-reference.c:[[@LINE+1]]:20: error: reduction variable 's' may only be updated as 's += expr' in calc
    { B[i] = A[i]; s += s * A[i]; }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
