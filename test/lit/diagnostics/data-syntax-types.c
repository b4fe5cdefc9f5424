// Element types and array names in `data source(...) destination(...)`.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16

void f(void) {
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:29: error: unsupported element type 'short'; expected float, double or int
#pragma stencil data source(short A[NX]) destination(float B[NX])
// A missing type: the array name is taken for the type.
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:29: error: unsupported element type 'A'; expected float, double or int
#pragma stencil data source(A[NX]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:29: error: expected an element type (float, double or int), found '*'
#pragma stencil data source(*A[NX]) destination(float B[NX])
// The type applies to one array only: each array after a comma needs one.
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:42: error: unsupported element type 'B'; expected float, double or int
#pragma stencil data source(float A[NX], B[NX]) destination(float C[NX])
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:35: error: expected an array name, found '['
#pragma stencil data source(float [NX]) destination(float B[NX])
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:60: error: array 'A' appears twice in the data clause
#pragma stencil data source(float A[NX]) destination(float A[NX])
// CHECK: {{.*}}data-syntax-types.c:[[@LINE+1]]:49: error: array 'A' appears twice in the data clause
#pragma stencil data source(float A[NX], double A[NX]) destination(float B[NX])
}
// CHECK-NOT: error:
// CHECK: {{^}}7 errors generated.
