// A slab of a streamed region launches in parts (ir/SlabView.h,
// StencilRegion::LaunchParts): first the rows at each end that the
// neighbouring slabs read, then it marks them for the exchange, then the
// rest, so that the exchange's copies run beside the rest's launch. The
// kernel's groups walk the chunks of the window it is given.
//
// RUN: rm -rf %t.s && %tilec --target=cuda --params=32,8,1,3 -o %t.s %samples/heat3d/heat3d.c -- -DNX=64 -DNY=48 -DNZ=80
// RUN: %FileCheck %s --check-prefix=STREAM < %t.s/heat3d_tilec.cu
// The kernel writes the rows [first, last) of its chunk of the window.
// STREAM:      const int tilec_i_first,
// STREAM-NEXT: const int tilec_i_end,
// STREAM:      const int first = tilec_i_first + (int)blockIdx.z * 64;
// STREAM-NEXT: const int last = first + 64 < tilec_i_end ? first + 64 : tilec_i_end;
// The slab's calc: the two edges, the mark, the rest; empty parts skipped.
// STREAM:      static void tilec_heat3d_slab_calc({{.*}}, int tilec_i_lower, int tilec_i_upper, int tilec_rows_first, int tilec_rows_end, int tilec_rows_below, int tilec_rows_above, int tilec_block) {
// STREAM:      const int tilec_part_first[3] = {tilec_rows_first, tilec_rows_end - tilec_rows_above, tilec_rows_first + tilec_rows_below};
// STREAM-NEXT: const int tilec_part_end[3] = {tilec_rows_first + tilec_rows_below, tilec_rows_end, tilec_rows_end - tilec_rows_above};
// STREAM-NEXT: for (tilec_part = 0; tilec_part < 3; tilec_part++) {
// STREAM-NEXT:   const int tilec_i_first = tilec_part_first[tilec_part], tilec_i_end = tilec_part_end[tilec_part];
// STREAM-NEXT:   if (tilec_part == 2)
// STREAM-NEXT:     tilec_cuda_exchange_mark();
// STREAM-NEXT:   if (tilec_i_end <= tilec_i_first)
// STREAM-NEXT:     continue;
// STREAM-NEXT:   const dim3 tilec_calc_grid({{[0-9]+}}, {{[0-9]+}}, (unsigned)(((long)(tilec_i_end - tilec_i_first) + 63) / 64)), tilec_calc_block(32, 8, 1);
// STREAM:        heat3d_slab_calc<<<tilec_calc_grid, tilec_calc_block>>>({{.*}}, tilec_i_lower, tilec_i_upper, tilec_i_first, tilec_i_end, tilec_block, tilec_nz);
// The region's calc: the slab writes the rows it owns in the calc range;
// a launch of 3 steps of a stencil reaching one row each way gives edges of
// 3 rows, none where there is no neighbour.
// STREAM:      const int tilec_rows_lower = (1 > tilec_region->tilec_first[tilec_s] ? 1 : tilec_region->tilec_first[tilec_s]) - tilec_region->tilec_low[tilec_s];
// STREAM-NEXT: int tilec_rows_upper = (79 < tilec_region->tilec_last[tilec_s] ? 79 : tilec_region->tilec_last[tilec_s]) - tilec_region->tilec_low[tilec_s];
// STREAM:      int tilec_rows_below = tilec_s > 0 ? tilec_region->tilec_first[tilec_s] - tilec_region->tilec_low[tilec_s] + 3 - tilec_rows_lower : 0;
// STREAM-NEXT: int tilec_rows_above = tilec_s + 1 < tilec_region->tilec_slabs ? tilec_rows_upper - (tilec_region->tilec_last[tilec_s] - tilec_region->tilec_low[tilec_s] - 3) : 0;
// STREAM:      tilec_heat3d_slab_calc(&tilec_region->tilec_slab[tilec_s], C0, C1, tilec_calc_lower, tilec_calc_upper, tilec_rows_lower, tilec_rows_upper, tilec_rows_below, tilec_rows_above, tilec_block);
// STREAM:      tilec_cuda_copy_between(
// STREAM:      tilec_cuda_exchange_end();
//
// A stencil that reads two rows behind and none ahead: after 2 steps the
// neighbour above reads 4 rows and the one below none, but both edges are
// 4 rows wide so that the rest never reads the halo the copies write.
// RUN: rm -rf %t.u && %tilec --params=32,1,1,2 -o %t.u %S/../e2e/Inputs/upwind2d.c
// RUN: %FileCheck %s --check-prefix=UPWIND < %t.u/upwind2d.c
// UPWIND:      int tilec_rows_below = tilec_s > 0 ? tilec_region->tilec_first[tilec_s] - tilec_region->tilec_low[tilec_s] + 4 - tilec_rows_lower : 0;
// UPWIND-NEXT: int tilec_rows_above = tilec_s + 1 < tilec_region->tilec_slabs ? tilec_rows_upper - (tilec_region->tilec_last[tilec_s] - tilec_region->tilec_low[tilec_s] - 4) : 0;
//
// Kernels that do not stream compute their tiles of the whole slab: one
// launch, then the exchange; --explain says why.
// RUN: rm -rf %t.b && %tilec --params=16,8,2,2 --explain -o %t.b %samples/heat3d/heat3d.c -- -DNX=64 -DNY=48 -DNZ=80 > %t.b.explain
// RUN: %FileCheck %s --check-prefix=BLOCKED < %t.b/heat3d.c
// RUN: %FileCheck %s --check-prefix=BLOCKED-EXPLAIN < %t.b.explain
// BLOCKED-NOT: tilec_part
// BLOCKED-NOT: exchange_mark
// BLOCKED-EXPLAIN: each exchange waits for the whole launch (only streaming kernels write a window of rows)
// RUN: %tilec --params=32,8,1,3 --explain -o %t.s2 %samples/heat3d/heat3d.c -- -DNX=64 -DNY=48 -DNZ=80 | %FileCheck %s --check-prefix=STREAM-EXPLAIN
// STREAM-EXPLAIN: each slab launches first the rows its neighbours read, then the rest: the exchange runs beside the rest
//
// Vectors picked at run time launch in parts when every one streams (the
// three of heat2d_runtime on the H200), each variant's calc the same way.
// RUN: rm -rf %t.v && %tilec --device=h200 --explain -o %t.v %samples/heat2d/heat2d_runtime.c > %t.v.explain
// RUN: %FileCheck %s --check-prefix=VARIANTS < %t.v/heat2d_runtime.c
// RUN: %FileCheck %s --check-prefix=STREAM-EXPLAIN < %t.v.explain
// VARIANTS-COUNT-3: for (tilec_part = 0; tilec_part < 3; tilec_part++) {
// VARIANTS: tilec_heat2d_runtime_slab_calc_v0(tilec_region, {{.*}}, tilec_rows_first, tilec_rows_end, tilec_rows_below, tilec_rows_above, tilec_block);
// heat3d_runtime's vector for small grids is naive: no parts.
// RUN: %tilec --device=h200 --explain -o %t.v3 %samples/heat3d/heat3d_runtime.c | %FileCheck %s --check-prefix=NAIVE-VARIANT
// NAIVE-VARIANT: each exchange waits for the whole launch (not every vector enter() may pick streams, and only streaming kernels write a window of rows)
