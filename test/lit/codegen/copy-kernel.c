// When the copy nest cannot be a buffer swap (here: it copies one
// component of a two-component array), it runs as its own kernel after calc,
// and every array the device changed is read back whole.
// RUN: rm -rf %t && %tilec -o %t %s
// RUN: %FileCheck %s --check-prefix=CL < %t/copy-kernel.cl
// RUN: grep -v "^//" %t/copy-kernel.c | %FileCheck %s --check-prefix=HOST
// CL:      copy nest of copy-kernel.c:{{[0-9]+}}, run as a kernel: 'S = D' copies single components.
// CL-NEXT: __kernel void copy_kernel_copy(__global float *restrict S_data,
// CL-NEXT:                                __global const float *restrict D) {
// CL-NEXT:   __global float (*S)[50] = (__global float (*)[50])S_data;
// CL-NEXT:   const int i = 1 + (int)get_global_id(0);
// CL-NEXT:   if (!(i < 49))
// CL-NEXT:     return;
// CL-NEXT:   S[1][i] = D[i];
// CL-NEXT: }
// HOST:      static void tilec_copy_kernel_copy(struct tilec_copy_kernel *tilec_region) {
// HOST:        tilec_cl_arg(tilec_copy, 0, sizeof tilec_region->S, &tilec_region->S);
// HOST-NEXT:   tilec_cl_arg(tilec_copy, 1, sizeof tilec_region->D, &tilec_region->D);
// HOST-NEXT:   tilec_cl_launch(tilec_copy, 1, tilec_copy_global, tilec_copy_local);
// HOST:      static void tilec_copy_kernel_leave(struct tilec_copy_kernel *tilec_region, void *S, void *D) {
// HOST:        tilec_cl_read(tilec_region->S, S, 2 * tilec_points * sizeof(float), "S");
// HOST-NEXT:   tilec_cl_read(tilec_region->D, D, tilec_points * sizeof(float), "D");
// HOST:        tilec_copy_kernel_calc(&tilec_region);
// HOST-NEXT:   tilec_copy_kernel_copy(&tilec_region);
float S[2][50], D[50];
void f(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float S[2][50]) destination(float D[50])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < 49; i++)
      D[i] = S[0][i] + S[1][i - 1] * S[1][i + 1];
#pragma stencil copy
    for (i = 1; i < 49; i++)
      S[1][i] = D[i];
  }
#pragma stencil end
}
