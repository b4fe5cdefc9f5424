// A run-time extent is evaluated once when the region starts: a variable it
// reads must not change inside the region.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void f(int ny, int nx, float (*a)[nx], float (*b)[nx]) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}extent-variable-written.c:[[@LINE+1]]:37: error: extent 'ny - 1 + 1' of 'a' reads 'ny', which the region writes; copy it to a variable the region does not change
#pragma stencil data source(float a[ny - 1 + 1][nx]) destination(float b[ny - 1 + 1][nx])
#pragma stencil dimension(y, x)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (y = 1; y < 5; y++)
      for (x = 1; x < 9; x++)
        b[y][x] = a[y - 1][x] + a[y + 1][x];
#pragma stencil copy
    for (y = 1; y < 5; y++)
      for (x = 1; x < 9; x++)
        a[y][x] = b[y][x];
    ny = ny + 0;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
