// A directive written with _Pragma inside a macro is rejected at the place
// where the macro is used, with a note at the macro's definition.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define CALC _Pragma("stencil calc")
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
// CHECK: {{.*}}directive-from-macro.c:[[@LINE+2]]:5: error: stencil directive comes from _Pragma or a macro expansion; write '#pragma stencil' directly in the source file
// CHECK: {{.*}}directive-from-macro.c:6:14: note: expanded from macro 'CALC'
    CALC
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
