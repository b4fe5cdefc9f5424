// Extents of the arrays in a data clause: present, constant, positive.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16

void f(int n) {
// No extents at all.
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:36: error: expected '[' and the extents of array 'A'
#pragma stencil data source(float A) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:37: error: array extent must be positive
#pragma stencil data source(float A[0]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:40: error: array extent must be positive
#pragma stencil data source(float A[4][-NX]) destination(float B[4][NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:37: error: array extent must be positive
#pragma stencil data source(float A[4 - 4]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:42: error: division by zero in constant expression
#pragma stencil data source(float A[NX / (NX - 16)]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:42: error: division by zero in constant expression
#pragma stencil data source(float A[16 % 0]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:62: error: expected ']' after the extent, found end of line
#pragma stencil data source(float A[n]) destination(float B[n
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:37: error: expected an integer constant, found '16.0'
#pragma stencil data source(float A[16.0]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:37: error: expected an integer constant expression, found ']'
#pragma stencil data source(float A[]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:39: error: expected ']', found ')'
#pragma stencil data source(float A[NX) destination(float B[NX])
// CHECK: {{.*}}data-syntax-extents.c:[[@LINE+1]]:44: error: expected ')', found ']'
#pragma stencil data source(float A[(NX + 1]) destination(float B[NX])
}
// CHECK-NOT: error:
// CHECK: {{^}}11 errors generated.
