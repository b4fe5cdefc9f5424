// A reduction in a region with two calc nests is refused at the directive
// that asks for it.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 32
float A[N], B[N];

float f(void) {
  int t, i;
  float sum = 0.0f;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data(float A[N], float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
// CHECK: {{.*}}multi-stage-reduction.c:[[@LINE+1]]:17: error: a reduction needs a region with a single calc nest; this region has several
#pragma stencil calc reduction(+:sum)
    for (i = 1; i < N - 1; i++) {
      A[i] = B[i];
      sum += B[i];
    }
  }
#pragma stencil end
  return sum;
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
