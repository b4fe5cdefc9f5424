// With the role-free data clause the copy nest must copy from an array calc
// writes into one it only reads; copying into the written one is refused
// with the reason in those terms.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data(float A[NX], float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}copy-into-written.c:[[@LINE+1]]:7: error: {{.*}}'B' is written by calc
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
