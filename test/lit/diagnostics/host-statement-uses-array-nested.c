// The same check looks inside compound host statements, after the copy too.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  float sum = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
    if (t % 2 == 0) {
// CHECK: {{.*}}host-statement-uses-array-nested.c:[[@LINE+1]]:14: error: statement in the time loop uses stencil array 'B' outside calc and copy; move it out of the region
      sum += B[NX / 2];
    }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
