// A file without a stencil region is copied unchanged, with a warning.
// RUN: rm -rf %t && %tilec -o %t %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: diff %s %t/no-region.c
// RUN: test ! -e %t/no-region.cl
// CUDA: the file unchanged, and the two other files of the CUDA output with
// no region in them, so that a build naming them (tilec-cc, CMake) works.
// RUN: %tilec --target=cuda -o %t/cuda %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: diff %s %t/cuda/no-region.c
// RUN: %FileCheck %s --check-prefix=CU < %t/cuda/no-region_tilec.cu
// RUN: %FileCheck %s --check-prefix=H < %t/cuda/no-region_tilec.h
// RUN: %tilec-cc --target=cuda %s -o %t/cuda/program
// RUN: test -x %t/cuda/program
// CU: #include "no-region_tilec.h"
// CU-NOT: __global__
// H: #ifndef NO_REGION_TILEC_H
// H-NOT: struct
// WARN: warning: {{.*}}no-region.c: no '#pragma stencil' region found; the output is the input unchanged
int main(void) { return 0; }
