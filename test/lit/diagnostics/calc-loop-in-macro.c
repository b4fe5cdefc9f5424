// A calc loop written by a macro cannot be rewritten.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define FOR_INTERIOR(v) for (v = 1; v < NX - 1; v++)
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
// CHECK: {{.*}}calc-loop-in-macro.c:[[@LINE+2]]:5: error: stencil region comes from a macro expansion; tilec does not rewrite code inside macros
// CHECK: {{.*}}calc-loop-in-macro.c:5:25: note: expanded from macro 'FOR_INTERIOR'
    FOR_INTERIOR(i)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
