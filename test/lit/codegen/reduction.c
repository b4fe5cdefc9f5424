// A sum reduction: each work item accumulates into a private variable named
// like the host's, each work group reduces in local memory, and the host adds
// the per-group results to its variable after every launch.
// RUN: rm -rf %t && %tilec -o %t %s
// RUN: %FileCheck %s --check-prefix=CL < %t/reduction.cl
// RUN: grep -v "^//" %t/reduction.c | %FileCheck %s --check-prefix=HOST
// The kernel of one slab of rows: its calc range along y is an argument.
// CL:      __kernel void reduction_slab_calc(__global const float *restrict A_data,
// CL-NEXT:                             __global float *restrict B_data,
// CL-NEXT:                             const int tilec_y_lower,
// CL-NEXT:                             const int tilec_y_upper,
// CL-NEXT:                             __global float *restrict res_partial,
// CL-NEXT:                             const int tilec_ny) {
// CL:        float res = 0.0f; /* this work item's share of the reduction */
// CL-NEXT:   if ((unsigned)(y - tilec_y_lower) < (unsigned)(tilec_y_upper - tilec_y_lower) && x < 99) {
// CL-NEXT:     B[y][x] = A[y][x + 1] - A[y][x - 1];
// CL-NEXT:     res += B[y][x] * B[y][x];
// CL-NEXT:   }
// CL-NEXT:   __local float res_scratch[256];
// CL-NEXT:   const int lid = (int)(get_local_id(0) + 32 * get_local_id(1));
// CL-NEXT:   res_scratch[lid] = res;
// CL-NEXT:   barrier(CLK_LOCAL_MEM_FENCE);
// CL-NEXT:   for (int stride = 128; stride > 0; stride /= 2) {
// CL-NEXT:     if (lid < stride)
// CL-NEXT:       res_scratch[lid] = res_scratch[lid] + res_scratch[lid + stride];
// CL-NEXT:     barrier(CLK_LOCAL_MEM_FENCE);
// CL-NEXT:   }
// CL-NEXT:   if (lid == 0)
// CL-NEXT:     res_partial[get_group_id(0) + get_num_groups(0) * get_group_id(1)] = res_scratch[0];
// CL-NEXT: }
// 98 columns in 4 groups of 32, 62 rows in 8 groups of 8: 32 groups.
// Each slab adds its groups' partial sums: 4 groups along x times its rows
// in groups of 8.
// HOST:      static void tilec_reduction_slab_calc(struct tilec_reduction_slab *tilec_region, int tilec_y_lower, int tilec_y_upper, float *res) {
// HOST:        float *tilec_groups = (float *)tilec_host_alloc(tilec_count_or_one((long long)4 * (size_t)(((long)tilec_ny + 7) / 8)) * sizeof *tilec_groups); /* one partial + per work group */
// HOST:        tilec_cl_arg(tilec_calc, 4, sizeof tilec_region->tilec_partial, &tilec_region->tilec_partial);
// HOST-NEXT:   tilec_cl_arg(tilec_calc, 5, sizeof tilec_ny, &tilec_ny);
// HOST-NEXT:   tilec_cl_launch(tilec_calc, 2, tilec_calc_global, tilec_calc_local);
// HOST-NEXT:   tilec_cl_read(tilec_region->tilec_partial, tilec_groups, tilec_count_or_one((long long)4 * (size_t)(((long)tilec_ny + 7) / 8)) * sizeof *tilec_groups, "res");
// HOST-NEXT:   for (tilec_g = 0; tilec_g < tilec_count_or_one((long long)4 * (size_t)(((long)tilec_ny + 7) / 8)); tilec_g++)
// HOST-NEXT:     *res += tilec_groups[tilec_g];
// One step per launch: each slab sums over the rows it owns only.
// HOST:      static void tilec_reduction_calc(struct tilec_reduction *tilec_region, float *res) {
// HOST:        /* One step per launch: the rows the slab owns. */
// HOST:        tilec_reduction_slab_calc(&tilec_region->tilec_slab[tilec_s], tilec_calc_lower, tilec_calc_upper, res);
// The call site passes the user's variable, which the function adds to.
// HOST:      tilec_reduction_calc(&tilec_region, &res);
float A[64][100], B[64][100];
float residual(void) {
  int t, y, x;
  float res = 0.0f;
#pragma stencil begin
#pragma stencil step(t:1)
#pragma stencil data source(float A[64][100]) destination(float B[64][100])
#pragma stencil dimension(y, x)
  for (t = 0; t < 1; t++) {
#pragma stencil calc reduction(+:res)
    for (y = 1; y < 63; y++)
      for (x = 1; x < 99; x++) {
        B[y][x] = A[y][x + 1] - A[y][x - 1];
        res += B[y][x] * B[y][x];
      }
  }
#pragma stencil end
  return res;
}
