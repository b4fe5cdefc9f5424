// A run-time extent must name variables (or enumerators) visible at the
// region; `width` here is declared only after it.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void f(int ny, float *a, float *b) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}extent-variable-unknown.c:[[@LINE+1]]:41: error: extent 'width' of 'a' names 'width', which is not a variable or enumerator visible at the region
#pragma stencil data source(float a[ny][width]) destination(float b[ny][width])
#pragma stencil dimension(y, x)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < 9; x++)
        b[y * 10 + x] = a[(y - 1) * 10 + x] + a[(y + 1) * 10 + x];
#pragma stencil copy
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < 9; x++)
        a[y * 10 + x] = b[y * 10 + x];
  }
#pragma stencil end
  int width = 10;
  (void)width;
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
