// A constant component index outside the component extent. (Clang warns
// about it too.)
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float a[2][NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float a[2][NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}component-out-of-range.c:[[@LINE+1]]:26: error: component index 2 of 'a' is outside its extent 2
      B[i] = a[0][i] * a[2][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// Clang's own warning here is the C compiler's to give: tilec reports its error alone.
// CHECK: {{^}}1 error generated.
