// A directive in an included file is rejected at its '#', in that file.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t

// CHECK: In file included from {{.*}}directive-in-header.c:[[@LINE+2]]:
// CHECK-NEXT: {{.*}}Inputs{{[/\\]}}stencil-directive.h:2:1: error: stencil directives are only supported in the main source file
#include "Inputs/stencil-directive.h"

int x;
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.
