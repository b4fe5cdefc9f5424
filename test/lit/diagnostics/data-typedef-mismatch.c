// A typedef name in the data clause must be the one that declares the array
// and stand for float, double or int.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 32
typedef float real;
typedef double wide;
typedef long counter;
real A[N];
wide B[N];
counter C[N];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}data-typedef-mismatch.c:[[@LINE+3]]:22: error: 'undeclared' is not a typedef of float, double or int that declares 'A' (its element type is 'real')
// CHECK: {{.*}}data-typedef-mismatch.c:[[@LINE+2]]:39: error: 'real' is not a typedef of float, double or int that declares 'B' (its element type is 'wide')
// CHECK: {{.*}}data-typedef-mismatch.c:[[@LINE+1]]:50: error: 'counter' is not a typedef of float, double or int that declares 'C' (its element type is 'counter')
#pragma stencil data(undeclared A[N], real B[N], counter C[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      B[i] = A[i - 1] + A[i + 1] + (float)C[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.
