// The clauses of `data`: source and destination, each exactly once.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16

void f(void) {
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:22: error: unknown data clause 'input'; expected '(', 'source' or 'destination'
#pragma stencil data input(float A[NX]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:42: error: 'source' clause given twice
#pragma stencil data source(float A[NX]) source(float B[NX])
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:29: error: expected '(', found 'float'
#pragma stencil data source float A[NX] destination(float B[NX])
// The missing clause is reported at the end of the line.
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:21: error: data directive needs a source(...) clause
#pragma stencil data
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:46: error: data directive needs a source(...) clause
#pragma stencil data destination(float B[NX])
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:41: error: data directive needs a destination(...) clause
#pragma stencil data source(float A[NX])
// A line that ends inside the clause.
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:40: error: expected ')', found end of line
#pragma stencil data source(float A[NX]
// CHECK: {{.*}}data-syntax-clauses.c:[[@LINE+1]]:41: error: expected an integer constant expression, found end of line
#pragma stencil data source(float A[NX][
}
// CHECK-NOT: error:
// CHECK: {{^}}8 errors generated.
