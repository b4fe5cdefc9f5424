// The directive's step count drives tuning; when the time loop's constant
// trip count differs, tilec warns and still translates.
// RUN: rm -rf %t && %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test -f %t/step-count-mismatch.c
float A[16], B[16];
void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:100)
#pragma stencil data source(float A[16]) destination(float B[16])
#pragma stencil dimension(i)
// CHECK: {{.*}}step-count-mismatch.c:[[@LINE+1]]:3: warning: 'step(t:100)' says 100 steps, but the time loop runs 40
  for (t = 10; t < 50; t++) {
#pragma stencil calc
    for (i = 1; i < 15; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < 15; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// An inclusive loop runs hi - lo + 1 times: 41 here.
void g(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:40)
#pragma stencil data source(float A[16]) destination(float B[16])
#pragma stencil dimension(i)
// CHECK: {{.*}}step-count-mismatch.c:[[@LINE+1]]:3: warning: 'step(t:40)' says 40 steps, but the time loop runs 41
  for (t = 10; t <= 50; t++) {
#pragma stencil calc
    for (i = 1; i < 15; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < 15; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// The same count written as `hi >= t`, and right: no warning.
void h(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:41)
#pragma stencil data source(float A[16]) destination(float B[16])
#pragma stencil dimension(i)
  for (t = 10; 50 >= t; t++) {
#pragma stencil calc
    for (i = 1; i < 15; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < 15; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// CHECK-NOT: warning
// CHECK: 2 warnings generated.
