// A flat array whose shape is known only at run time: the subscript must
// split into per-axis offsets whatever the extents are. Here the row
// stride is the row count; the message shows the form expected.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define IDX(y, x) ((y) * nx + (x))
void f(int ny, int nx, float *in, float *out) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float in[ny][nx]) destination(float out[ny][nx])
#pragma stencil dimension(y, x)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
// CHECK: {{.*}}flat-subscript-runtime.c:[[@LINE+1]]:49: error: subscript of flat array 'in' does not split into offsets along the axes of its shape [ny][nx]: expected an expression equal to (y + c) * nx + (x + c), with integer constants c
        out[IDX(y, x)] = in[IDX(y, x + 1)] + in[y * ny + x];
#pragma stencil copy
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        in[IDX(y, x)] = out[IDX(y, x)];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
