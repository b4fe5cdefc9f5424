// An array of the data clause that calc and copy never use: a warning at its
// name; the translation still succeeds and writes its files.
// RUN: rm -rf %t && %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: ls %t | %FileCheck %s --check-prefix=FILES
#define NX 16
float A[NX], B[NX], C[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
// CHECK: {{.*}}unused-array.c:[[@LINE+1]]:48: warning: array 'C' of the data clause is not used in calc or copy
#pragma stencil data source(float A[NX], float C[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// CHECK-NOT: {{error|warning}}:
// CHECK: {{^}}1 warning generated.
// CHECK-NOT: {{.}}

// FILES: {{^}}unused-array.c{{$}}
// FILES-NEXT: {{^}}unused-array.cl{{$}}
// FILES-NOT: {{.}}
