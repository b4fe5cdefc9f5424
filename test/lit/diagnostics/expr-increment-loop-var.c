// 'i++' inside a calc expression (Clang warns about the unsequenced access).
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
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}expr-increment-loop-var.c:[[@LINE+1]]:21: error: unsupported expression in calc
      B[i] = A[i] + i++;
  }
#pragma stencil end
}
// CHECK-NOT: error:
// Clang's own warning here is the C compiler's to give: tilec reports its error alone.
// CHECK: {{^}}1 error generated.
