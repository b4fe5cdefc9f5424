// An inner copy loop that runs past its extent: reported at that loop.
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
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        B[j][i] = A[j][i - 1] + A[j][i + 1];
#pragma stencil copy
    for (j = 1; j < NY - 1; j++)
// CHECK: {{.*}}copy-range-inner-loop.c:[[@LINE+1]]:7: error: the copy loop over 'i' runs over [1, 17), outside the extent 16 of axis x
      for (i = 1; i <= NX; i++)
        A[j][i] = B[j][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
