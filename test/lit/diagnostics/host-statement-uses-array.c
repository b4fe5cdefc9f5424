// A host statement in the time loop (outside calc and copy) that touches a
// stencil array: reported at the first use of the array.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  float left = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
    left = 1.0f;
// CHECK: {{.*}}host-statement-uses-array.c:[[@LINE+1]]:12: error: statement in the time loop uses stencil array 'A' outside calc and copy; move it out of the region
    left = A[0] + B[0];
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
