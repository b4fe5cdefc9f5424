// Tokens after a complete directive are rejected at the first extra token.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16

void f(void) {
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:23: error: unexpected 'now' after '#pragma stencil begin'
#pragma stencil begin now
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:27: error: unexpected ';' after '#pragma stencil step'
#pragma stencil step(t:10);
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:67: error: unknown data clause ','; expected '(', 'source' or 'destination'
#pragma stencil data source(float A[NX]) destination(float B[NX]) , float C[NX]
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:29: error: unexpected ')' after '#pragma stencil dimension'
#pragma stencil dimension(i))
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:37: error: unexpected 'reduction' after '#pragma stencil calc'
#pragma stencil calc reduction(+:s) reduction(+:u)
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:22: error: unexpected 'all' after '#pragma stencil copy'
#pragma stencil copy all
// CHECK: {{.*}}trailing-tokens.c:[[@LINE+1]]:21: error: unexpected 'here' after '#pragma stencil end'
#pragma stencil end here
}
// CHECK-NOT: error:
// CHECK: {{^}}7 errors generated.
