// A 2-D region whose calc nest has one loop only.
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
// CHECK: {{.*}}loop-nest-too-shallow.c:[[@LINE+1]]:7: error: the calc loop nest must be perfectly nested: the body of the loop over 'j' must be the next loop only
      B[j][1] = A[j][1];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
