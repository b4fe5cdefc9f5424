// A calc loop that runs past the extent of its axis (j reaches NY).
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
// CHECK: {{.*}}calc-range-outside-extent.c:[[@LINE+1]]:5: error: the calc loop over 'j' runs over [1, 9), outside the extent 8 of axis y
    for (j = 1; j <= NY; j++)
      for (i = 1; i < NX - 1; i++)
        B[j][i] = A[j][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
