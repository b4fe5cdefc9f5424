// 's = s + A[i]' reads host variable s before calc writes it: not a private
// temporary, so without a reduction clause it is an error.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];

void f(void) {
  int t, i;
  float s = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
// CHECK: {{.*}}host-variable-read-first.c:[[@LINE+2]]:7: error: calc writes host variable 's'; declare it inside the calc loop or name it in a reduction clause
    {
      s = s + A[i];
      B[i] = s;
    }
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
