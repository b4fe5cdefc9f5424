// A reduction over a struct variable.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];
struct result { float sum; } r;

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc reduction(+:r)
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}reduction-struct.c:[[@LINE-2]]:34: error: reduction variable 'r' must be a scalar of type int, long, float or double
    { B[i] = A[i]; r.sum += A[i]; }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
