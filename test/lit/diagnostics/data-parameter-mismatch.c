// Array parameters decay to pointers; the first extent is not checked but
// the others are. The note points at the parameter.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8

void f(float A[NY][NX], float (*restrict B)[NX / 2]) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:10)
// CHECK: {{.*}}data-parameter-mismatch.c:[[@LINE+2]]:64: error: data clause declares 'B' as 'float[8][16]', but it is declared as 'float (*__restrict)[8]'
// CHECK: {{.*}}data-parameter-mismatch.c:8:42: note: 'B' is declared here
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX / 2 - 1; i++)
        B[j][i] = A[j][i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
