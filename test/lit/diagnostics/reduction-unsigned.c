// A reduction over an unsigned variable.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  unsigned u = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc reduction(+:u)
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}reduction-unsigned.c:[[@LINE-2]]:34: error: reduction variable 'u' must be a scalar of type int, long, float or double
    { B[i] = A[i]; u += 1; }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
