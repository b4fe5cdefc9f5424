// The unused-array warning with the CUDA target: the output is still
// written, all three files of it.
// RUN: rm -rf %t && %tilec --target=cuda -o %t %s 2>&1 | %FileCheck %s
// RUN: ls %t | %FileCheck %s --check-prefix=FILES
#define NX 16
float A[NX], B[NX], W[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
// CHECK: {{.*}}unused-array-cuda.c:[[@LINE+1]]:73: warning: array 'W' of the data clause is not used in calc or copy
#pragma stencil data source(float A[NX]) destination(float B[NX], float W[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
  }
#pragma stencil end
}
// CHECK-NOT: {{error|warning}}:
// CHECK: {{^}}1 warning generated.

// FILES:      {{^}}unused-array-cuda.c{{$}}
// FILES-NEXT: {{^}}unused-array-cuda_tilec.cu{{$}}
// FILES-NEXT: {{^}}unused-array-cuda_tilec.h{{$}}
// FILES-NOT:  {{.}}
