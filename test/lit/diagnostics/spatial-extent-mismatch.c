// Two arrays of one region with different spatial extents (both match
// their C declarations).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX / 2];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
// CHECK: {{.*}}spatial-extent-mismatch.c:[[@LINE+1]]:60: error: arrays of one stencil region must have the same spatial extents: 'B' has extent 8 along x, but 'A' has 16
#pragma stencil data source(float A[NX]) destination(float B[NX / 2])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX / 2 - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
