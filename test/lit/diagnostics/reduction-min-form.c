// A min reduction updated with the arguments of fmin swapped.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];
double fmin(double, double);

void f(void) {
  int t, i;
  double m = 1e30;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc reduction(min:m)
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}reduction-min-form.c:[[@LINE+1]]:20: error: reduction variable 'm' may only be updated as 'm = fmin(m, expr)' (or fminf) in calc
    { B[i] = A[i]; m = fmin(A[i], m); }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
