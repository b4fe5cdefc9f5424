// Overflowing constant expressions in directives are errors at the
// offending operand (as division by zero is), never a crash or a wrapped value.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

void f(void) {
// CHECK: {{.*}}junk-overflow.c:[[@LINE+1]]:49: error: {{.*}}overflow
#pragma stencil step(t:(-9223372036854775807-1)/-1)
// CHECK: {{.*}}junk-overflow.c:[[@LINE+1]]:49: error: {{.*}}overflow
#pragma stencil step(t:(-9223372036854775807-1)%-1)
// CHECK: {{.*}}junk-overflow.c:[[@LINE+1]]:44: error: {{.*}}overflow
#pragma stencil step(t:9223372036854775807*2)
// CHECK: {{.*}}junk-overflow.c:[[@LINE+1]]:24: error: {{.*}}too large
#pragma stencil step(t:99999999999999999999)
}
// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.
