// `#pragma stencil` with nothing after it: reported at the end of the line.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

void f(void) {
// CHECK: {{.*}}empty-directive.c:[[@LINE+1]]:16: error: expected a stencil directive (begin, step, data, dimension, calc, copy or end)
#pragma stencil
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
