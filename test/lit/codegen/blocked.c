// The blocked kernel for T = 2: the tile of the source in local memory (two
// copies), staged with a halo of two steps, one step kept on chip over the
// shrinking tile, and the last step written to global memory; the host steps
// the time loop by up to 2 and passes the count to each launch.
// RUN: rm -rf %t && %tilec --params=16,4,1,2 -o %t %s
// RUN: %FileCheck %s --check-prefix=CL < %t/blocked.cl
// RUN: grep -v "^//" %t/blocked.c | %FileCheck %s --check-prefix=HOST
// Halo y -1/+1, x -2/+0; tile y = 4 + 2*2 = 8, x = 16 + 2*2 = 20.
// The kernel of one slab of rows (SlabView.h): the slab's calc range and
// row count along y are arguments.
// CL:      __kernel void blocked_slab_calc(__global const float *restrict A_data,
// CL-NEXT:                           __global float *restrict B_data,
// CL-NEXT:                           const int tilec_y_lower,
// CL-NEXT:                           const int tilec_y_upper,
// CL-NEXT:                           const int steps,
// CL-NEXT:                           const int tilec_ny) {
// CL:        __local float A_tile[2][8][20];
// CL-NEXT:   const int lid = (int)(get_local_id(0) + 16 * get_local_id(1));
// CL-NEXT:   const int y0 = 1 + (int)get_group_id(1) * 4 - 2;
// CL-NEXT:   const int x0 = 2 + (int)get_group_id(0) * 16 - 4;
// CL:        for (int n = lid; n < 160; n += 64) {
// CL-NEXT:     const int ty = n / 20;
// CL-NEXT:     const int tx = n % 20;
// CL-NEXT:     const int y = y0 + ty;
// CL-NEXT:     const int x = x0 + tx;
// CL-NEXT:     A_tile[0][ty][tx] = 0 <= y && y < tilec_ny && 0 <= x && x < 40 ? A[y][x] : 0;
// CL-NEXT:   }
// CL-NEXT:   barrier(CLK_LOCAL_MEM_FENCE);
// Each step walks the whole tile and skips the rim no later step reads:
// y below step or from 8 - step on, x below 2 * step (halo -2/+0 along x).
// CL:        for (int step = 1; step < steps; step++) {
// CL-NEXT:     const int cur = (step - 1) % 2, next = step % 2;
// CL-NEXT:     for (int n = lid; n < 160; n += 64) {
// CL-NEXT:       const int ty = n / 20;
// CL-NEXT:       const int tx = n % 20;
// CL-NEXT:       const int y = y0 + ty;
// CL-NEXT:       const int x = x0 + tx;
// CL-NEXT:       if (ty < step || ty >= 8 - step || tx < 2 * step)
// CL-NEXT:         continue; /* no later step reads it */
// CL-NEXT:       if ((unsigned)(y - tilec_y_lower) < (unsigned)(tilec_y_upper - tilec_y_lower) && (unsigned)(x - 2) < 38u) {
// CL-NEXT:         A_tile[next][ty][tx] = 0.5f * (A_tile[cur][ty - 1][tx] + A_tile[cur][ty + 1][tx]) - A_tile[cur][ty][tx - 2];
// CL-NEXT:       } else {
// CL-NEXT:         A_tile[next][ty][tx] = A_tile[cur][ty][tx];
// CL-NEXT:       }
// CL-NEXT:     }
// CL-NEXT:     barrier(CLK_LOCAL_MEM_FENCE);
// CL-NEXT:   }
// CL-NEXT:   const int cur = (steps - 1) % 2;
// CL:        const int ty = 2 + (int)get_local_id(1);
// CL-NEXT:   const int tx = 4 + (int)get_local_id(0);
// CL:        if (!((unsigned)(y - tilec_y_lower) < (unsigned)(tilec_y_upper - tilec_y_lower) && x < 40))
// CL-NEXT:     return;
// CL-NEXT:   B[y][x] = 0.5f * (A_tile[cur][ty - 1][tx] + A_tile[cur][ty + 1][tx]) - A_tile[cur][ty][tx - 2];
// CL-NEXT: }
// HOST:      static void tilec_blocked_slab_calc(struct tilec_blocked_slab *tilec_region, int tilec_y_lower, int tilec_y_upper, int tilec_block) {
// HOST:        tilec_cl_arg(tilec_calc, 4, sizeof tilec_block, &tilec_block);
// HOST-NEXT:   tilec_cl_arg(tilec_calc, 5, sizeof tilec_ny, &tilec_ny);
// HOST-NEXT:   tilec_cl_launch(tilec_calc, 2, tilec_calc_global, tilec_calc_local);
// Each slab holds 2 rows (T = 2 steps of reach 1) beyond its own on each
// side and computes every row whose reads lie in it.
// HOST:      tilec_check_slab("stencil region blocked (blocked.c:{{[0-9]+}})", "y", tilec_s, tilec_slabs, tilec_first, tilec_last, 30, 2);
// HOST:      static void tilec_blocked_calc(struct tilec_blocked *tilec_region, int tilec_block) {
// HOST:        const int tilec_calc_lower = (1 > tilec_region->tilec_low[tilec_s] + 1 ? 1 : tilec_region->tilec_low[tilec_s] + 1) - tilec_region->tilec_low[tilec_s];
// HOST-NEXT:   int tilec_calc_upper = (29 < tilec_region->tilec_high[tilec_s] - 1 ? 29 : tilec_region->tilec_high[tilec_s] - 1) - tilec_region->tilec_low[tilec_s];
// HOST:        tilec_blocked_slab_calc(&tilec_region->tilec_slab[tilec_s], tilec_calc_lower, tilec_calc_upper, tilec_block);
// HOST:      int tilec_block; /* steps in this launch */
// HOST:      for (t = 0; t < STEPS; t += tilec_block) {
// HOST-NEXT:   tilec_block = (STEPS) - t < 2 ? (int)((STEPS) - t) : 2;
// HOST-NEXT:   tilec_blocked_calc(&tilec_region, tilec_block);
// HOST:        tilec_steps += tilec_block;
#define STEPS 5
float A[30][40], B[30][40];
void f(void) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float A[30][40]) destination(float B[30][40])
#pragma stencil dimension(y, x)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (y = 1; y < 29; y++)
      for (x = 2; x < 40; x++)
        B[y][x] = 0.5f * (A[y - 1][x] + A[y + 1][x]) - A[y][x - 2];
#pragma stencil copy
    for (y = 1; y < 29; y++)
      for (x = 2; x < 40; x++)
        A[y][x] = B[y][x];
  }
#pragma stencil end
}
