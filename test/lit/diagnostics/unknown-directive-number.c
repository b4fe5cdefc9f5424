// A directive name that is not an identifier, and a keyword spelled in the
// wrong case: both are unknown directives.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

// CHECK: {{.*}}unknown-directive-number.c:[[@LINE+1]]:17: error: unknown stencil directive '42'
#pragma stencil 42
// CHECK: {{.*}}unknown-directive-number.c:[[@LINE+1]]:19: error: unknown stencil directive 'Begin'
#pragma   stencil Begin
// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.
