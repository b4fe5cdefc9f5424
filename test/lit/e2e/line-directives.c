// The C compiler's messages on the translated file name the user's file
// and lines, before the emitted code, between it and the region, and
// after the region; each appears once (tilec itself reports none of
// Clang's warnings).
// RUN: rm -rf %t && %tilec -Wall --target=opencl -o %t/ocl %s 2>&1 | %FileCheck %s --check-prefix=TILEC --allow-empty
// RUN: %cc -Wall -Wextra -c -I%src_root/runtime/include %t/ocl/line-directives.c -o %t/ocl.o 2> %t/ocl.txt
// RUN: %FileCheck %s --input-file=%t/ocl.txt
// RUN: grep -c "warning:" %t/ocl.txt | %FileCheck %s --check-prefix=COUNT
// RUN: %tilec --target=cuda -o %t/cuda %s
// RUN: %cc -Wall -Wextra -c -I%src_root/runtime/include -I%t/cuda %t/cuda/line-directives.c -o %t/cuda.o 2> %t/cuda.txt
// RUN: %FileCheck %s --input-file=%t/cuda.txt
// RUN: grep -c "warning:" %t/cuda.txt | %FileCheck %s --check-prefix=COUNT
// COUNT: {{^3$}}
// TILEC-NOT: {{.}}
#include <stdio.h>
#define NX 32

// CHECK-DAG: line-directives.c:[[@LINE+1]]:12: warning: {{.*}}helper{{.*}} [-Wunused-function]
static int helper(int q) { return q; }

float A[NX], B[NX];

int main(void) {
  int t, i;
// CHECK-DAG: line-directives.c:[[@LINE+1]]:7: warning: unused variable {{.*}}before{{.*}}
  int before;
  for (i = 0; i < NX; i++)
    A[i] = B[i] = (float)i;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = 0.5f * (A[i - 1] + A[i + 1]);
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
// CHECK-DAG: line-directives.c:[[@LINE+1]]:7: warning: unused variable {{.*}}after{{.*}}
  int after;
  printf("%g\n", A[NX / 2]);
  return 0;
}
