// A copy loop over a variable that dimension(...) does not name and that
// indexes none of the arrays it copies (a loop variable named otherwise
// stands for the axis it indexes).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];
int k;

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
// CHECK: {{.*}}copy-loop-var-not-dimension.c:[[@LINE+1]]:5: error: loop variable 'k' of the copy nest is not named in '#pragma stencil dimension'
    for (k = 1; k < NX - 1; k++)
      A[i] = B[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
