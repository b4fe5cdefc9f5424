// A statement next to the inner loop of a calc nest; reported at the body
// of the loop that holds it.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8
float A[NY][NX], B[NY][NX];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
// CHECK: {{.*}}loop-not-perfect.c:[[@LINE+1]]:34: error: the calc loop nest must be perfectly nested: the body of the loop over 'j' must be the next loop only
    for (j = 1; j < NY - 1; j++) {
      B[j][0] = A[j][0];
      for (i = 1; i < NX - 1; i++)
        B[j][i] = A[j][i];
    }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
