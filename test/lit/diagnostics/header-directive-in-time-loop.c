// A header directive inside the time loop is reported where it stands.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
  for (t = 0; t < 10; t++) {
// CHECK: {{.*}}header-directive-in-time-loop.c:[[@LINE+1]]:17: error: {{.*}}dimension{{.*}}
#pragma stencil dimension(i)
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
