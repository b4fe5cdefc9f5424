// --dump-ir-after-all prints the IR after the front end and after each pass,
// and says when a pass changed nothing.
// RUN: %tilec --dump-ir-after-all %s | %FileCheck %s
// CHECK:      ; IR after front end
// CHECK-NEXT: region after_all at after-all.c:15
// CHECK-NOT:  copy strategy
// CHECK:      ; IR after copy-elimination
// CHECK:        copy strategy: swap
// CHECK-NOT:  mapping:
// CHECK:      ; IR after naive-mapping
// CHECK:        mapping: naive, work group x=256
float A[100], B[100];
void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:3)
#pragma stencil data source(float A[100]) destination(float B[100])
#pragma stencil dimension(i)
  for (t = 0; t < 3; t++) {
#pragma stencil calc
    for (i = 1; i < 99; i++)
      B[i] = 0.5f * (A[i - 1] + A[i + 1]);
#pragma stencil copy
    for (i = 1; i < 99; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
