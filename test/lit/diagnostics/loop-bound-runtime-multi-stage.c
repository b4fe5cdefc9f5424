// Run-time bounds work in regions with several nests per step, except on a
// copy nest among them (its kernel would need the bounds too).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 64
float A[NX], B[NX], C[NX];

void f(int n) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data(float A[NX], float B[NX], float C[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
// CHECK: {{.*}}loop-bound-runtime-multi-stage.c:[[@LINE+1]]:21: error: bound of the copy loop over 'i' is known only at run time, which a copy nest among several nests per step does not support yet
    for (i = 1; i < n - 1; i++)
      C[i] = B[i];
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      A[i] = C[i - 1] + C[i + 1];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
