// A time loop written by a macro cannot be rewritten.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define TIME_LOOP for (t = 0; t < 10; t++)
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
// CHECK: {{.*}}region-in-macro.c:[[@LINE+2]]:3: error: stencil region comes from a macro expansion; tilec does not rewrite code inside macros
// CHECK: {{.*}}region-in-macro.c:5:19: note: expanded from macro 'TIME_LOOP'
  TIME_LOOP {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
