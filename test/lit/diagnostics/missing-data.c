// A region without '#pragma stencil data': reported at its `begin`.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  // A comment before the directive does not move the location.
// CHECK: {{.*}}missing-data.c:[[@LINE+1]]:19: error: stencil region is missing '#pragma stencil data'
  #pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
