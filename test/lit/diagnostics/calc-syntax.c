// Clauses of `calc`: only reduction(op:var) is known.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

void f(void) {
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:22: error: unknown clause 'private' on calc; expected 'reduction'
#pragma stencil calc private(s)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:22: error: unknown clause '(' on calc; expected 'reduction'
#pragma stencil calc (+:s)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:31: error: expected '(', found '+'
#pragma stencil calc reduction+:s
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:32: error: expected a reduction operator ('+', 'min' or 'max'), found '*'
#pragma stencil calc reduction(*:s)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:32: error: expected a reduction operator ('+', 'min' or 'max'), found 'sum'
#pragma stencil calc reduction(sum:s)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:34: error: expected ':', found 's'
#pragma stencil calc reduction(+ s)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:34: error: expected the reduction variable, found ')'
#pragma stencil calc reduction(+:)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:37: error: expected ')', found ','
#pragma stencil calc reduction(max:s, u)
// CHECK: {{.*}}calc-syntax.c:[[@LINE+1]]:37: error: expected ')', found end of line
#pragma stencil calc reduction(min:s
}
// CHECK-NOT: error:
// CHECK: {{^}}9 errors generated.
