// Several nests per step over arrays whose extents are known only at run
// time are not supported yet: the message says so at the extent.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void f(int n, float *a, float *b) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:4)
// CHECK: {{.*}}extent-runtime-multistage.c:[[@LINE+1]]:30: error: extent 'n' of 'a' is known only at run time, which a region with several nests per step does not support yet
#pragma stencil data(float a[n], float b[n])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      a[i] = b[i - 1] + b[i + 1];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
