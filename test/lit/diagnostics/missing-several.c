// Every missing directive of a region is reported, all at its `begin`, in
// the order step, data, dimension, calc.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

void f(void) {
  int t;
// CHECK: {{.*}}missing-several.c:[[@LINE+4]]:17: error: stencil region is missing '#pragma stencil step'
// CHECK: {{.*}}missing-several.c:[[@LINE+3]]:17: error: stencil region is missing '#pragma stencil data'
// CHECK: {{.*}}missing-several.c:[[@LINE+2]]:17: error: stencil region is missing '#pragma stencil dimension'
// CHECK: {{.*}}missing-several.c:[[@LINE+1]]:17: error: stencil region has no '#pragma stencil calc' in its time loop
#pragma stencil begin
  for (t = 0; t < 10; t++) {
  }
#pragma stencil end
}
// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.
