// A flat array's subscript that is not linear in the loop variables.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NY 16
#define NX 24

void f(float *in, float *out) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float in[NY][NX]) destination(float out[NY][NX])
#pragma stencil dimension(y, x)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
// CHECK: {{.*}}flat-nonlinear.c:[[@LINE+1]]:30: error: subscript of flat array 'in' does not split into offsets along the axes of its shape [16][24]: expected an expression equal to (y + c) * 24 + (x + c), with integer constants c
        out[y * NX + x] = in[y * x];
#pragma stencil copy
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
        in[y * NX + x] = out[y * NX + x];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
