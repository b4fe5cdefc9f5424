// A step that rotates the grids' pointers but also copies: tilec runs such
// a step as one sweep from one buffer into the other and says what stops it.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define N 64

void f(float *a, float *b, float *c, int steps) {
  float *t;
#pragma stencil begin
#pragma stencil step(s:steps)
#pragma stencil data(float a[N], float b[N], float c[N])
#pragma stencil dimension(i)
  for (int s = 0; s < steps; s++) {
#pragma stencil calc
    for (int i = 1; i < N - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
#pragma stencil copy
    for (int i = 1; i < N - 1; i++)
      c[i] = b[i];
// CHECK: {{.*}}pointer-rotation-step.c:[[@LINE+1]]:5: error: the rotation of 'a' and 'b' runs each step as a sweep from one buffer into the other; this step has a copy nest, which tilec cannot run so (a step that rotates pointers holds one calc nest that writes 'b' from 'a', the rotation, and the counter's step)
    t = a;
    a = b;
    b = t;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
