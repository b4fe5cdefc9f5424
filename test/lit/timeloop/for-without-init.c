// A for loop whose counter starts where the code before it left it: the
// counter is the one step(t:N) names, and the loop runs as written, one
// step per launch.
// RUN: %tilec --dump-ir --params=16,1,1,4 %s | %FileCheck %s
// CHECK: time t: 10 steps, loop `for (; t < 10; t++)`{{$}}
// CHECK: T=1 (T forced to 1: the time loop does not count its steps as 'for (t = lo; t < hi; t++)' does)
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t = 0, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
