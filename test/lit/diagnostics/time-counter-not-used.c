// step(q:N) names a counter the while loop never uses.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(int steps) {
  int t = 0;
#pragma stencil begin
#pragma stencil step(q:10)
#pragma stencil data(float A[NX], float B[NX])
#pragma stencil dimension(i)
// CHECK: {{.*}}time-counter-not-used.c:[[@LINE+1]]:3: error: the time loop does not refer to 'q', the counter 'step(q:...)' names; write 'step(N)' for a loop without a counter
  while (t < steps) {
#pragma stencil calc
    for (int i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (int i = 1; i < NX - 1; i++)
      A[i] = B[i];
    t++;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
