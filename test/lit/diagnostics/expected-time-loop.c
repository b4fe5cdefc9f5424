// The statement after the header directives must be the time loop.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
// CHECK: {{.*}}expected-time-loop.c:[[@LINE+1]]:3: error: expected the time loop ('for', 'while' or 'do') right after the stencil header directives
  t = 0;
  for (; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
