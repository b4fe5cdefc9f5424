// A copy from a source array (not a destination).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX], C[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX], float C[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + C[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}copy-from-source.c:[[@LINE+1]]:14: error: copy loop is not a plain element-wise copy: 'C' is not a destination array
      A[i] = C[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
