// A 2-D region whose calc nest loops over j only: a boundary stage, whose
// writes must hold the other axis at a constant. Here they use the host's
// i, which the nest does not set.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8
float A[NY][NX], B[NY][NX];

void f(void) {
  int t, i = 1, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data(float A[NY][NX], float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
// CHECK: {{.*}}boundary-axis-not-fixed.c:[[@LINE+1]]:12: error: the calc nest does not loop over 'i', so its array writes must fix 'i' at a constant subscript (a boundary stage)
      B[j][i] = A[j][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
