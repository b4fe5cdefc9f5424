// Syntax errors of `step(t:N)`. Each line is parsed on its own, so every
// bad line gets its own error.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define STEPS nsteps
#define HALF (10 / 2)

void f(int n) {
// Missing '('.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:22: error: expected '(', found 't'
#pragma stencil step t:10)
// Missing ')'.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:26: error: expected ')', found end of line
#pragma stencil step(t:10
// Missing ':'.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:24: error: expected ':', found '10'
#pragma stencil step(t 10)
// Missing time variable.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:22: error: expected the time-loop variable, found ':'
#pragma stencil step(:10)
// No step count.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:24: error: expected an integer constant expression, found ')'
#pragma stencil step(t:)
// A run-time step count (through a macro) without its parenthesis.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:29: error: expected ')' after the step count, found end of line
#pragma stencil step(t:STEPS
// A floating-point step count.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:24: error: expected an integer constant, found '2.5'
#pragma stencil step(t:2.5)
// A negative step count, reported at the start of the expression.
// CHECK: {{.*}}step-syntax.c:[[@LINE+2]]:24: error: step count must not be negative
// CHECK: {{.*}}step-syntax.c:6:14: note: expanded from macro 'HALF'
#pragma stencil step(t:HALF - 6)
// Truncated inside the expression.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:26: error: expected an integer constant expression, found end of line
#pragma stencil step(t:4*
// Division by zero, at the divisor.
// CHECK: {{.*}}step-syntax.c:[[@LINE+1]]:27: error: division by zero in constant expression
#pragma stencil step(t:10/(HALF-5))
}
// CHECK-NOT: error:
// CHECK: {{^}}10 errors generated.
