// The rotation moves the array the calc reads, not the one it writes.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 64

void f(float *a, float *b, int steps) {
  float *t;
#pragma stencil begin
#pragma stencil step(s:steps)
#pragma stencil data(float a[N], float b[N])
#pragma stencil dimension(i)
  for (int s = 0; s < steps; s++) {
#pragma stencil calc
    for (int i = 1; i < N - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
// CHECK: {{.*}}pointer-rotation-wrong-way.c:[[@LINE+1]]:5: error: the rotation of 'b' and 'a' runs each step as a sweep from one buffer into the other; this step has a calc nest that does not write 'a', which tilec cannot run so
    t = b;
    b = a;
    a = t;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
