// Lines of junk after `#pragma stencil` are syntax errors, never crashes.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

void f(void) {
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:17: error: unknown stencil directive ')'
#pragma stencil )(*&^
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:22: error: expected '(', found ')'
#pragma stencil step )(*&^
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:27: error: expected a loop variable, found '*'
#pragma stencil dimension(*&^
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:22: error: unknown data clause ')'; expected '(', 'source' or 'destination'
#pragma stencil data )(*&^
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:22: error: unknown clause ')' on calc; expected 'reduction'
#pragma stencil calc )(*&^
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:23: error: unexpected ')' after '#pragma stencil begin'
#pragma stencil begin )(*&^
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:17: error: unknown stencil directive '"begin"'
#pragma stencil "begin" 'x' @ $ `
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:17: error: unknown stencil directive '...'
#pragma stencil ... :: -> ## #
// CHECK: {{.*}}junk-tokens.c:[[@LINE+1]]:24: error: expected an integer constant expression, found ')'
#pragma stencil step(t:)(*&^
}
// CHECK-NOT: error:
// CHECK: {{^}}9 errors generated.
