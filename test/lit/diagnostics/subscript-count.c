// A 2-D array with one subscript (the row decays to a pointer).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8
float A[NY][NX], B[NY][NX];

void f(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}subscript-count.c:[[@LINE+1]]:35: error: 'A' needs 2 subscripts, but 1 are given here
        B[j][i] = A[j][i] + (long)A[j];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
