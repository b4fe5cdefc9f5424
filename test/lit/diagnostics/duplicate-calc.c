// Two calc directives before the same loop nest (two nests in one time
// loop are two stages; one nest cannot be two).
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
// CHECK: {{.*}}duplicate-calc.c:[[@LINE+3]]:17: error: '#pragma stencil calc' appears twice in one stencil region
// CHECK: {{.*}}duplicate-calc.c:[[@LINE+1]]:17: note: previous '#pragma stencil calc' is here
#pragma stencil calc
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
