// A read one past the end: i runs to NX - 1 inclusive, so A[i + 1] reads
// index NX.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i <= NX - 1; i++)
// CHECK: {{.*}}access-outside-extent.c:[[@LINE+1]]:21: error: access to 'A' reads index 16 along axis x, outside its extent 16
      B[i] = A[i] + A[i + 1];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
