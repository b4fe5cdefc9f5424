// No statement at all between the header and `end`: the error is at the '#'
// of `end`.
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
#pragma stencil calc
// CHECK: {{.*}}expected-time-loop-none.c:[[@LINE+1]]:3: error: expected the time loop ('for', 'while' or 'do') right after the stencil header directives
  #pragma stencil end
  for (t = 0; t < 10; t++)
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
