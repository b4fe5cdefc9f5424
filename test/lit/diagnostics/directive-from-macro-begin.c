// A `begin` from a macro is reported once; the directives after it are not
// reported again as outside a region.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
#define NX 16
#define BEGIN_REGION _Pragma("stencil begin")
float A[NX], B[NX];

void f(void) {
  int t, i;
// CHECK: {{.*}}directive-from-macro-begin.c:[[@LINE+2]]:3: error: stencil directive comes from _Pragma or a macro expansion; write '#pragma stencil' directly in the source file
// CHECK: {{.*}}directive-from-macro-begin.c:6:22: note: expanded from macro 'BEGIN_REGION'
  BEGIN_REGION
#pragma stencil step(t:10)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i];
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
