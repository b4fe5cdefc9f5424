// A time loop whose body is the calc nest itself (no braces) is translated.
// RUN: rm -rf %t && %tilec -o %t %s 2>&1 | %FileCheck %s --allow-empty
// RUN: test -f %t/time-loop-body-not-compound.c
// RUN: test -f %t/time-loop-body-not-compound.cl
// CHECK-NOT: {{error|warning}}:
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++)
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil end
}
