// A calc loop over a variable that `dimension` does not name.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define NY 8
float A[NY][NX], B[NY][NX];

void f(void) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(j, i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (j = 1; j < NY - 1; j++)
// CHECK: {{.*}}loop-var-not-dimension.c:[[@LINE+1]]:7: error: loop variable 'k' of the calc nest is not named in '#pragma stencil dimension'
      for (k = 1; k < NX - 1; k++)
        B[j][k] = A[j][k];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
