// `calc` as the last thing in the time loop: reported at the end of its line.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
// CHECK: {{.*}}calc-at-end-of-body.c:[[@LINE+1]]:21: error: expected a 'for' loop right after '#pragma stencil calc'
#pragma stencil calc
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
