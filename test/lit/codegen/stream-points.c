// Several adjacent points along y per work item in the 3D streaming kernel
// (--params W,H,D,T,P). heat3d on a 20^3 grid (calc range 1..18) at
// 16,2,1,2,4: each work item computes 4 points along y, so a group covers
// 16 x 8 points; after T = 2 steps it owns 14 x 6 of them (the rim of one
// step's halo on each side), so 2 x 3 groups cover the 18 x 18 columns.
// The ring of step 1 is the covered block plus the halo: 10 x 18, in two
// slots, since heat3d's levels chain (chainsStreamedLevels: each step one
// row behind the one below, its newest row from A_new).
// RUN: rm -rf %t && %tilec --params=16,2,1,2,4 --dump-ir -o %t %samples/heat3d/heat3d.c -- -DNX=20 -DNY=20 -DNZ=20 | %FileCheck %s --check-prefix=IR
// RUN: %FileCheck %s --check-prefix=CL < %t/heat3d.cl
// RUN: %FileCheck %s --check-prefix=HOST < %t/heat3d.c
// The OpenCL register bound is asked for where a work item's points hold
// 4 words a level: four floats or two doubles, not two floats or four
// doubles (OpenCL builds for those ran slower under it).
// RUN: rm -rf %t.p2 && %tilec --params=16,2,1,2,2 -o %t.p2 %samples/heat3d/heat3d.c -- -DNX=20 -DNY=20 -DNZ=20
// RUN: %FileCheck %s --check-prefix=UNBOUNDED < %t.p2/heat3d.c
// RUN: rm -rf %t.d2 && %tilec --params=16,2,1,2,2 -o %t.d2 %S/../e2e/Inputs/heat-3d.c -- -I%S/../e2e/Inputs -DN=20 -DUSE_DOUBLE
// RUN: %FileCheck %s --check-prefix=BOUNDED < %t.d2/heat-3d.c
// RUN: rm -rf %t.d4 && %tilec --params=16,2,1,2,4 -o %t.d4 %S/../e2e/Inputs/heat-3d.c -- -I%S/../e2e/Inputs -DN=20 -DUSE_DOUBLE
// RUN: %FileCheck %s --check-prefix=UNBOUNDED < %t.d4/heat-3d.c
// IR: mapping: streamed, work group z=1 y=2 x=16, T=2, streaming along z in chunks of 32, 4 points per work item along y
// IR: tile z=2 (halo -1/+1) y=10 (halo -1/+1) x=18 (halo -1/+1)
// CL: each work group covers a 8x16 block (y,x), 4 adjacent points along y per work item,
// CL: __local float A_ring[1][2][10][18];
// CL: const int ty_first = (int)get_local_id(1) * 4;
// CL: const int j_first = (int)get_group_id(1) * 6 + ty_first;
// CL: float A_rows[4][2][2] = 
// CL: float A_new[4][2];
// CL: float A_next[4];
//
// Step 1: the y neighbours of points 1..3 (below) and 0..2 (above) are the
// neighbouring point's input rows; the first and last point read global
// memory.
// Each point's column tests are computed once, before the row loop.
// CL: int column_inside[4], column_in_range[4], column_owned[4];
// CL-NEXT: #pragma unroll
// CL-NEXT: for (int p = 0; p < 4; p++) {
// CL-NEXT:   const int ty = ty_first + p;
// CL-NEXT:   const int j = j_first + p;
// CL-NEXT:   column_inside[p] = 0 <= j && j < 20 && 0 <= k && k < 20;
// CL-NEXT:   column_in_range[p] = (unsigned)(j - 1) < 18u && (unsigned)(k - 1) < 18u;
// CL-NEXT:   column_owned[p] = column_in_range[p] && ty >= 1 && ty < 7 && tx >= 1 && tx < 15;
// Global reads index from the first point's column, rows 20 * 20 = 400
// elements apart, lines 20 (codegen/column-index.test).
// CL: const int column = j_first * 20 + k;
// CL-NEXT: __global const float *const A_flat = &A[0][0][0];
// CL: A_next[p] = i < last + 2 && 0 <= i && i < tilec_nz && column_inside[p] ? A_flat[column + i * 400 + p * 20] : 0;
// CL: /* Step 1 works on the input. */
// CL-NEXT: #pragma unroll
// CL-NEXT: for (int p = 0; p < 4; p++) {
// CL-NEXT:   {
// CL: if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && column_in_range[p]) {
// CL-NEXT: A_new[p][1] = C0 * A_rows[p][0][1] + C1 * (A_rows[p][0][0] + A_new[p][0] + (p >= 1 ? A_rows[p - 1][0][1] : A_flat[column + i * 400 + (p - 1) * 20]) + (p < 3 ? A_rows[p + 1][0][1] : A_flat[column + i * 400 + (p + 1) * 20]) + A_flat[column + i * 400 + p * 20 - 1] + A_flat[column + i * 400 + p * 20 + 1]);
//
// Step 2: the same from step 1's rows, the ring for the first and last
// point; the point's own ring cell; the owned part of the group's 8 rows.
// CL: const int ty = ty_first + p;
// CL-NEXT: const int j = j_first + p;
// CL-NEXT: __local float *A_ring_at = &A_ring[0][0][ty + 1][tx + 1];
// The value is computed in every work item and stored where the group owns
// the point (StreamedKernel::selectedField): the launch's last step, or
// the row below when the launch does fewer steps.
// CL: const float B_value = C0 * A_rows[p][1][1] + C1 * (A_rows[p][1][0] + A_new[p][1] + (p >= 1 ? A_rows[p - 1][1][1] : A_ring_at[(1 - slot) * 180 - 18]) + (p < 3 ? A_rows[p + 1][1][1] : A_ring_at[(1 - slot) * 180 + 18]) + A_ring_at[(1 - slot) * 180 - 1] + A_ring_at[(1 - slot) * 180 + 1]);
// CL-NEXT: if (i >= first && i < last && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && column_owned[p])
// CL-NEXT: B[i][j][k] = 2 <= steps ? B_value : A_rows[p][1][1];
//
// Every point publishes its step-1 row in its own ring cell.
// CL: A_ring_at[((level - 1) * 2 + slot) * 180] = A_new[p][level];
// HOST: const size_t tilec_calc_global[3] = {32, 6, (size_t)(((long)(tilec_i_end - tilec_i_first) + 31) / 32)};
// HOST: const size_t tilec_calc_local[3] = {16, 2, 1};
// OpenCL has no __launch_bounds__: the host asks for NVIDIA's register
// bound when it builds the kernel (the runtime adds it only on platforms
// that take the option).
// HOST: /* Several points per work item: built for at most 80 registers each where the platform takes NVIDIA's option. */
// HOST-NEXT: cl_kernel tilec_calc = tilec_cl_kernel_bounded(tilec_program, tilec_program_parts, tilec_build_options, "heat3d_slab_calc", 80);
// UNBOUNDED-NOT: tilec_cl_kernel_bounded
// UNBOUNDED: cl_kernel tilec_calc = tilec_cl_kernel(tilec_program, tilec_program_parts, tilec_build_options, "{{.*}}_calc");
// BOUNDED: cl_kernel tilec_calc = tilec_cl_kernel_bounded(tilec_program, tilec_program_parts, tilec_build_options, "{{.*}}_calc", 80);
//
// With CUDA, nvcc would give the kernel 66 to 87 registers; the launch bounds
// cap it at 64 (65536 registers per SM / (32 threads x 64) = 32 groups).
// RUN: rm -rf %t-cu && %tilec --target=cuda --params=16,2,1,2,4 -o %t-cu %samples/heat3d/heat3d.c -- -DNX=20 -DNY=20 -DNZ=20
// RUN: %FileCheck %s --check-prefix=CUDA < %t-cu/heat3d_tilec.cu
// RUN: %tilec --target=cuda --params=16,8,1,2 -o %t.cu1 %samples/heat3d/heat3d.c -- -DNX=20 -DNY=20 -DNZ=20
// RUN: %FileCheck %s --check-prefix=CUDA1 < %t.cu1/heat3d_tilec.cu
// CUDA: __global__ void __launch_bounds__(32, 32) heat3d_slab_calc(
// CUDA1-NOT: __launch_bounds__
