// The leading component subscript of an array must be a constant.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float a[2][NX], B[NX];
int c;

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float a[2][NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}component-not-constant.c:[[@LINE+1]]:26: error: component subscript of 'a' must be an integer constant
      B[i] = a[0][i] * a[c][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
