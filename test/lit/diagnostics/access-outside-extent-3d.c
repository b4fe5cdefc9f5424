// In 3-D the axes are z, y, x in subscript order: j + 1 reaches NY along y.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8
#define NZ 4
float A[NZ][NY][NX], B[NZ][NY][NX];

void f(void) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NZ][NY][NX]) destination(float B[NZ][NY][NX])
#pragma stencil dimension(k, j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (k = 1; k < NZ - 1; k++)
      for (j = 0; j < NY; j++)
        for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}access-outside-extent-3d.c:[[@LINE+1]]:41: error: access to 'A' reads index 8 along axis y, outside its extent 8
          B[k][j][i] = A[k - 1][j][i] + A[k][j + 1][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
