// A lone `calc` (no region at all) is reported at its name.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  for (t = 0; t < 10; t++) {
// CHECK: {{.*}}calc-outside-region.c:[[@LINE+1]]:17: error: '#pragma stencil calc' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
