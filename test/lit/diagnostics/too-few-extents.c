// A 1-D array in a 2-D region.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8
float A[NY][NX], B[NY][NX], W[NX];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
// CHECK: {{.*}}too-few-extents.c:[[@LINE+1]]:52: error: array 'W' has 1 extent, fewer than the 2 axes of the grid
#pragma stencil data source(float A[NY][NX], float W[NX]) destination(float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        B[j][i] = A[j][i] * W[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
