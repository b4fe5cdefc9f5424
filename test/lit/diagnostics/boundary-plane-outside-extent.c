// A boundary stage's plane outside the extent: reported at the constant
// subscript that names it, not at the nest's loop.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 20
float ey[NX][NY], hz[NX][NY];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:5)
#pragma stencil data(float ey[NX][NY], float hz[NX][NY])
#pragma stencil dimension(i, j)
  for (t = 0; t < 5; t++) {
#pragma stencil calc
    for (j = 0; j < NY; j++)
// CHECK: {{.*}}boundary-plane-outside-extent.c:[[@LINE+1]]:10: error: the boundary stage writes the plane i = 16, outside the extent 16 of axis y
      ey[16][j] = 1.0f;
#pragma stencil calc
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
  }
#pragma stencil end
}
// CHECK-NOT: error:
