// A variable-length array type must have the extents the data clause
// gives: here the rows are `nx + 2` long, not `nx`.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void f(int ny, int nx, float a[ny][nx + 2], float b[ny][nx]) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}extent-vla-mismatch.c:[[@LINE+2]]:35: error: data clause declares 'a' as 'float[ny][nx]', but it is declared as 'float (*)[nx + 2]'
// CHECK: {{.*}}extent-vla-mismatch.c:5:30: note: 'a' is declared here
#pragma stencil data source(float a[ny][nx]) destination(float b[ny][nx])
#pragma stencil dimension(y, x)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        b[y][x] = a[y - 1][x] + a[y + 1][x];
#pragma stencil copy
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        a[y][x] = b[y][x];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
