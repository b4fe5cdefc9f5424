// A file without a stencil region is copied unchanged, with a warning.
// RUN: rm -rf %t && %tilec -o %t %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: diff %s %t/no-region.c
// RUN: test ! -e %t/no-region.cl
// WARN: warning: {{.*}}no-region.c: no '#pragma stencil' region found; the output is the input unchanged
int main(void) { return 0; }
