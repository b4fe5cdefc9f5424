// Syntax errors of `dimension(v1, v2, v3)`.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

void f(void) {
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:26: error: expected '(', found end of line
#pragma stencil dimension
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:27: error: expected a loop variable, found ')'
#pragma stencil dimension()
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:30: error: loop variable 'i' named twice in dimension
#pragma stencil dimension(i, i)
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:36: error: dimension takes at most 3 loop variables
#pragma stencil dimension(l, k, j, i)
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:29: error: expected ')', found 'j'
#pragma stencil dimension(k j)
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:30: error: expected a loop variable, found ')'
#pragma stencil dimension(k, )
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:27: error: expected a loop variable, found '1'
#pragma stencil dimension(1, 2)
// CHECK: {{.*}}dimension-syntax.c:[[@LINE+1]]:34: error: expected ')', found end of line
#pragma stencil dimension(k, j, i
}
// CHECK-NOT: error:
// CHECK: {{^}}8 errors generated.
