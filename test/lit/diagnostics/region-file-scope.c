// A complete set of directives outside any function.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

// CHECK: {{.*}}region-file-scope.c:[[@LINE+1]]:17: error: stencil region must be inside a function body
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
#pragma stencil calc
#pragma stencil end

void f(void) {}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
