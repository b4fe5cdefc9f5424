// Loop variables declared in the for statements ('for (int i = ...)'): the
// calc and the copy nest each declare their own i, and both are matched to
// the dimension variable by name. Translated without any diagnostic.
// RUN: rm -rf %t && %tilec -o %t %s 2>&1 | %FileCheck %s --allow-empty
// RUN: ls %t | %FileCheck %s --check-prefix=FILES
// CHECK-NOT: {{error|warning}}:
// FILES: {{^}}copy-for-declared-loop-var.c{{$}}
// FILES-NEXT: {{^}}copy-for-declared-loop-var.cl{{$}}
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (int i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (int i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
