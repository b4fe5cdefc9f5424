// The data clause says double, the C declaration says float: error at the
// array's name in the directive, note at its declaration.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
// CHECK: {{.*}}data-type-mismatch.c:[[@LINE+2]]:36: error: data clause declares 'A' as 'double[16]', but it is declared as 'float[16]'
// CHECK: {{.*}}data-type-mismatch.c:6:7: note: 'A' is declared here
#pragma stencil data source(double A[NX]) destination(float B[NX])
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
