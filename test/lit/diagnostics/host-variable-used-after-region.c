// A host variable that calc assigns before reading is a private temporary,
// but not when code after the region reads it: the serial loops leave the
// last point's value there, which no parallel order can reproduce.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
float A[NX], B[NX];
void use(float);

void f(void) {
  int t, i;
  float s = 0;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++) {
// CHECK: {{.*}}host-variable-used-after-region.c:[[@LINE+1]]:7: error: calc writes host variable 's', which code after the region reads; the parallel program cannot leave the last point's value in it
      s = A[i] * 2;
      B[i] = s;
    }
  }
#pragma stencil end
  use(s);
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
