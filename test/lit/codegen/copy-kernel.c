// When the copy nest cannot be a buffer swap (here: it copies one
// component of a two-component array), it runs as its own kernel after calc,
// and every array the device changed is read back whole.
// RUN: rm -rf %t && %tilec -o %t %s
// RUN: %FileCheck %s --check-prefix=CL < %t/copy-kernel.cl
// RUN: grep -v "^//" %t/copy-kernel.c | %FileCheck %s --check-prefix=HOST
// The grid is cut into slabs along x (one per device), so the kernel takes
// the slab's extent and copy range; S's components lie a slab apart.
// CL:      copy nest of copy-kernel.c:{{[0-9]+}}, run as a kernel: 'S = D' copies single components.
// CL-NEXT: __kernel void copy_kernel_slab_copy(__global float *restrict S,
// CL-NEXT:                                     __global const float *restrict D,
// CL-NEXT:                                     const int tilec_copy_i_lower,
// CL-NEXT:                                     const int tilec_copy_i_upper,
// CL-NEXT:                                     const int tilec_nx) {
// CL-NEXT:   const int i = 0 + (int)get_global_id(0);
// CL-NEXT:   if (!((unsigned)(i - tilec_copy_i_lower) < (unsigned)(tilec_copy_i_upper - tilec_copy_i_lower)))
// CL-NEXT:     return;
// CL-NEXT:   S[(long)1 * tilec_nx + i] = D[i];
// CL-NEXT: }
// HOST:      static void tilec_copy_kernel_slab_copy(struct tilec_copy_kernel_slab *tilec_region, int tilec_copy_i_lower, int tilec_copy_i_upper) {
// HOST:        tilec_cl_arg(tilec_copy, 0, sizeof tilec_region->S, &tilec_region->S);
// HOST-NEXT:   tilec_cl_arg(tilec_copy, 1, sizeof tilec_region->D, &tilec_region->D);
// HOST:        tilec_cl_launch(tilec_copy, 1, tilec_copy_global, tilec_copy_local);
// HOST:      static void tilec_copy_kernel_slab_leave(struct tilec_copy_kernel_slab *tilec_region, void *S, void *D) {
// HOST:        tilec_cl_read(tilec_region->S, S, 2 * tilec_points * sizeof(float), "S");
// HOST-NEXT:   tilec_cl_read(tilec_region->D, D, tilec_points * sizeof(float), "D");
// The copy runs on every row a slab holds (its bounds clipped to them).
// HOST:      static void tilec_copy_kernel_copy(struct tilec_copy_kernel *tilec_region) {
// HOST:        const int tilec_copy_lower = (1 > tilec_region->tilec_low[tilec_s] ? 1 : tilec_region->tilec_low[tilec_s]) - tilec_region->tilec_low[tilec_s];
// HOST-NEXT:   int tilec_copy_upper = (49 < tilec_region->tilec_high[tilec_s] ? 49 : tilec_region->tilec_high[tilec_s]) - tilec_region->tilec_low[tilec_s];
// Each of S's components goes back from its own rows of the slab's block.
// HOST:      static void tilec_copy_kernel_leave(struct tilec_copy_kernel *tilec_region, void *S, void *D) {
// HOST:        for (tilec_c = 0; tilec_c < 2; tilec_c++)
// HOST-NEXT:     memcpy((char *)S + ((size_t)tilec_c * tilec_region->tilec_rows + tilec_region->tilec_first[tilec_s]) * {{.*}}, tilec_S_rows + ((size_t)tilec_c * (tilec_region->tilec_high[tilec_s] - tilec_region->tilec_low[tilec_s]) + (tilec_region->tilec_first[tilec_s] - tilec_region->tilec_low[tilec_s])) * {{.*}}, (size_t)(tilec_region->tilec_last[tilec_s] - tilec_region->tilec_first[tilec_s]) * {{.*}});
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
