// A max reduction updated with '+='.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  float m = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc reduction(max:m)
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}reduction-max-op.c:[[@LINE+1]]:20: error: reduction variable 'm' may only be updated as 'm = fmax(m, expr)' (or fmaxf) in calc
    { B[i] = A[i]; m += A[i]; }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
