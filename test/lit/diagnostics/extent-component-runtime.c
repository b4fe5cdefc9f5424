// Only the grid's extents may be known at run time: a component extent
// (the leading [m] of a[m][ny][nx]) must be a constant.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void f(int m, int ny, int nx, float a[m][ny][nx], float b[m][ny][nx]) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}extent-component-runtime.c:[[@LINE+1]]:37: error: component extent 'm' of 'a' must be an integer constant; only the grid's extents may be known at run time
#pragma stencil data source(float a[m][ny][nx]) destination(float b[m][ny][nx])
#pragma stencil dimension(y, x)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        b[0][y][x] = a[0][y - 1][x] + a[0][y + 1][x];
#pragma stencil copy
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        a[0][y][x] = b[0][y][x];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
