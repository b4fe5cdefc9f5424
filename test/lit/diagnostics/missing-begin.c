// A region without `begin`: every directive is outside a region.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
// CHECK: {{.*}}missing-begin.c:[[@LINE+1]]:17: error: '#pragma stencil step' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil step(t:10)
// CHECK: {{.*}}missing-begin.c:[[@LINE+1]]:17: error: '#pragma stencil data' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil data source(float A[NX]) destination(float B[NX])
// CHECK: {{.*}}missing-begin.c:[[@LINE+1]]:17: error: '#pragma stencil dimension' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
// CHECK: {{.*}}missing-begin.c:[[@LINE+1]]:17: error: '#pragma stencil calc' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
// CHECK: {{.*}}missing-begin.c:[[@LINE+1]]:17: error: '#pragma stencil copy' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
// CHECK: {{.*}}missing-begin.c:[[@LINE+1]]:17: error: '#pragma stencil end' outside a stencil region (missing '#pragma stencil begin')
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}6 errors generated.
