// The arrays of a region share its grid: run-time extents must be the
// same expressions.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void f(int ny, int nx, int mx, float *a, float *b) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}extent-mismatch-runtime.c:[[@LINE+1]]:64: error: arrays of one stencil region must have the same spatial extents: 'b' has extent mx along x, but 'a' has nx
#pragma stencil data source(float a[ny][nx]) destination(float b[ny][mx])
#pragma stencil dimension(y, x)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        b[y * mx + x] = a[(y - 1) * nx + x] + a[(y + 1) * nx + x];
#pragma stencil copy
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        a[y * nx + x] = b[y * mx + x];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
