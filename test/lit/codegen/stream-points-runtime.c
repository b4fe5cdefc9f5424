// Several points per work item along y with extents known only at run time
// (int lines): heat3d_runtime at 32,8,1,3,4 on a 40 x 30 x 20 grid. Each field has one byte cursor
// at the first point's column, advanced a row per iteration; a point's
// line is an int number of elements from it (`p * tilec_nx`), so that each
// access adds it to the row's address in one instruction. The host checks
// that the lines a work item indexes (4 points and the halo: 5) fit an int
// before any device work.
// RUN: rm -rf %t && %tilec --params=32,8,1,3,4 -o %t %samples/heat3d/heat3d_runtime.c -- -DNX=40 -DNY=30 -DNZ=20
// RUN: %FileCheck %s --check-prefix=CL < %t/heat3d_runtime.cl
// RUN: %FileCheck %s --check-prefix=HOST < %t/heat3d_runtime.c
// RUN: %FileCheck %s --check-prefix=CLHOST < %t/heat3d_runtime.c
// RUN: rm -rf %t-cu && %tilec --target=cuda --params=32,8,1,3,4 -o %t-cu %samples/heat3d/heat3d_runtime.c -- -DNX=40 -DNY=30 -DNZ=20
// RUN: %FileCheck %s --check-prefix=CUDA < %t-cu/heat3d_runtime_tilec.cu
// RUN: %FileCheck %s --check-prefix=HOST < %t-cu/heat3d_runtime.c
// Groups of 128 work items get 72 registers with run-time extents (7 groups
// per SM), 64 with constant extents (8).
// RUN: rm -rf %t.r128 %t.c128 && %tilec --target=cuda --params=32,4,1,3,4 -o %t.r128 %samples/heat3d/heat3d_runtime.c
// RUN: %FileCheck %s --check-prefix=CAP72 < %t.r128/heat3d_runtime_tilec.cu
// RUN: %tilec --target=cuda --params=32,4,1,3,4 -o %t.c128 %samples/heat3d/heat3d.c
// RUN: %FileCheck %s --check-prefix=CAP64 < %t.c128/heat3d_tilec.cu
// CAP72: __global__ void __launch_bounds__(128, 7) heat3d_runtime_slab_calc(
// CAP64: __global__ void __launch_bounds__(128, 8) heat3d_slab_calc(
//
// CL: const long column = (long)j_first * tilec_nx + k;
// CL-NOT: line_bytes
// The column's place along x once per work item; each point's y tests where
// they are used (one comparison each against a run-time bound).
// CL-NOT: column_inside
// CL: const int column_x = !(0 <= k && k < tilec_nx) ? 3 : !((unsigned)(k - 1) < (unsigned)(tilec_k_upper - 1)) ? 2 : !(tx >= 2 && tx < 30) ? 1 : 0;
// CL: __global const char *A_at = (__global const char *)(A + ((long)(first - 4) * tilec_ny * tilec_nx + column));
// CL: __global char *B_at = (__global char *)(B + ((long)(first - 6) * tilec_ny * tilec_nx + column));
// Groups whose columns all lie in the calc range run a copy of the row loop
// without the column tests; the others test each point's column.
// CL: /* Groups whose columns all lie in the calc range skip the column tests. */
// CL-NEXT: if ((int)get_group_id(1) * 28 - 1 >= 1 && (int)get_group_id(1) * 28 - 1 + 32 <= tilec_j_upper && (int)get_group_id(0) * 28 - 1 >= 1 && (int)get_group_id(0) * 28 - 1 + 32 <= tilec_k_upper) {
// heat3d's levels chain (chainsStreamedLevels): two rows per trip, each
// level one row behind the one below, so level 1's cursor (A_at) is one
// row behind the loop's and level 3's (B_at) three.
// CL-NEXT: /* Two rows per trip
// CL-NEXT: #pragma unroll 1
// CL-NEXT: for (int trip = first - 3; trip < last + 3; trip += 2) {
// The next row, two rows ahead of level 1's, at each point's line.
// CL: A_next[p] = i < last + 3 && 0 <= i && i < tilec_nz ? ((__global const float *)(A_at + 2 * row_bytes))[p * tilec_nx] : 0;
// Step 1: the first and last point's outer y neighbours and every point's
// x neighbours from global memory.
// CL: if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper_ - tilec_i_lower)) {
// CL-NEXT: (p >= 1 ? A_rows[p - 1][0][1] : ((__global const float *)A_at)[(p - 1) * tilec_nx]) + (p < 3 ? A_rows[p + 1][0][1] : ((__global const float *)A_at)[(p + 1) * tilec_nx]) + ((__global const float *)A_at)[p * tilec_nx - 1] + ((__global const float *)A_at)[p * tilec_nx + 1]
// The last level stores where the group owns the point: its rim only.
// CL: if (i >= first && i < last && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper_ - tilec_i_lower) && ty >= 2 && ty < 30 && tx >= 2 && tx < 30)
// CL-NEXT: ((__global float *)B_at)[p * tilec_nx] = 3 <= steps ? B_value : A_rows[p][2][1];
// CL: A_at += row_bytes;
// CL-NEXT: B_at += row_bytes;
// CL: } else {
// CL-NEXT: /* Two rows per trip
// CL-NEXT: #pragma unroll 1
// CL: A_next[p] = i < last + 3 && 0 <= i && i < tilec_nz && (column_x < 3 && (unsigned)(j_first + p) < (unsigned)tilec_ny) ? ((__global const float *)(A_at + 2 * row_bytes))[p * tilec_nx] : 0;
// CL: if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper_ - tilec_i_lower) && (column_x < 2 && (unsigned)((j_first + p) - 1) < (unsigned)(tilec_j_upper - 1))) {
// The group owns the point's column: owned along x, in the calc range along
// y and outside the group's rim of 2 lines at each end of its 32.
// CL: if (i >= first && i < last && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper_ - tilec_i_lower) && (column_x == 0 && (unsigned)((j_first + p) - 1) < (unsigned)(tilec_j_upper - 1) && (unsigned)((ty_first + p) - 2) < 28u))
// CL-NEXT: ((__global float *)B_at)[p * tilec_nx] = 3 <= steps ? B_value : A_rows[p][2][1];
//
// CUDA: __launch_bounds__(256, 4)
// CUDA: #pragma unroll 1
// CUDA: ((const float *)(A_at + 2 * row_bytes))[p * tilec_nx]
// CUDA: ((float *)B_at)[p * tilec_nx] =
//
// Unlike the kernel of constant extents (stream-points.c), this one is
// built without NVIDIA's register bound: it spilled under it.
// CLHOST-NOT: tilec_cl_kernel_bounded
// CLHOST: cl_kernel tilec_calc = tilec_cl_kernel(tilec_program, tilec_program_parts, tilec_build_options, "heat3d_runtime_slab_calc");
// HOST: tilec_check_lines("stencil region heat3d_runtime (heat3d_runtime.c:89)", "A", "x", "nx", tilec_nx, 5);
// HOST: tilec_heat3d_runtime_enter(&tilec_region, tilec_nz, tilec_ny, tilec_nx, A);
