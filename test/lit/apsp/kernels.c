// The emitted kernels: DPX for int on sm_90 (CUDA only), the register tile
// of the non-pivot kernel, and the three launches per pivot round.
// RUN: rm -rf %t && %tilec --target=cuda --device=h200 -o %t/cuda %s
// RUN: %FileCheck %s --check-prefix=CUDA < %t/cuda/kernels_tilec.cu
// RUN: %tilec --target=opencl -o %t/ocl %s
// RUN: %FileCheck %s --check-prefix=OCL < %t/ocl/kernels.cl
// With a path matrix the panel tiles go pivot by pivot (the product would
// record other path entries):
// RUN: %tilec --target=cuda --device=h200 -o %t/path %S/Inputs/forms.c -- -DPATHFORM=1 -DN=200
// RUN: %FileCheck %s --check-prefix=PATH < %t/path/forms_tilec.cu
// Doubles and path entries count in the register cap: fw:32,4,4,1 here,
// 8 x 8 threads, 4 x 4 x (2 + 1) = 48 accumulator registers, capped at
// 96: 65536 / (64 x 96) = 10 groups per SM.
// RUN: %tilec --target=cuda --device=h200 -o %t/dpath %S/Inputs/forms.c -- -DTYPE=double -DPATHFORM=2 -DN=300
// RUN: %FileCheck %s --check-prefix=DPATH < %t/dpath/forms_tilec.cu
// 128 threads per non-pivot group cover two rows of a 64 x 64 tile: round
// K's rest kernel closes round K + 1's pivot tile, 32 elements a thread,
// and only round 0 launches the pivot kernel. (kernels.c's own 64 threads
// would hold 64 each: the pivot kernel stays.)
// RUN: %tilec --target=cuda --device=h200 --params=fw:64,8,8,2 -o %t/fused %S/Inputs/forms.c -- -DTYPE=int -DN=300
// RUN: %FileCheck %s --check-prefix=FUSED < %t/fused/forms_tilec.cu
// RUN: %FileCheck %s --check-prefix=UNFUSED < %t/cuda/kernels_tilec.cu
// 64 threads and a 16-wide row of four 16-byte pieces: one pass covers 16
// pivots, more than a slice's 8, so the threads past them copy nothing.
// RUN: %tilec --target=cuda --device=h200 --params=fw:16,2,2,1 -o %t/guard %s
// RUN: %FileCheck %s --check-prefix=GUARD < %t/guard/kernels_tilec.cu
// GUARD: const int bk = tid / 4, bj = tid % 4 * 4;
// GUARD: if (bk < 8) {
// GUARD-NEXT: const size_t at = b_at;
// GUARD-NEXT: __pipeline_memcpy_async(&bs[0][bk][bj], &D[at], 16);
// DPATH: fw:32,4,4,1 (chosen
// DPATH: __global__ void __launch_bounds__(64, 10) forms_fw_rest(
// The slice copies are unrolled, the pivots of a slice are not:
// DPATH: __syncthreads();
// DPATH-NEXT: for (int k = 0; k < 16; ++k) {
// FUSED: Round K, phase 1: Floyd-Warshall inside the pivot tile (round 0's
// FUSED: forms_fw_rest(
// FUSED: __shared__ int rowk[2][64];
// FUSED-NEXT: __shared__ int colk[2][64];
// FUSED: if (lo + I == K + 1 && col0 <= (K + 1) * 64 && (K + 1) * 64 < col0 + 128) {
// FUSED-NEXT: __syncthreads();
// FUSED-NEXT: const int tx = tid % 64, ty = tid / 64;
// FUSED-NEXT: const size_t base = (size_t)row0 * n + (K + 1) * 64;
// FUSED-NEXT: int d[32];
// FUSED-NEXT: d[0] = D[base + (size_t)(ty) * n + tx];
// FUSED-NEXT: d[1] = D[base + (size_t)(ty + 2) * n + tx];
// FUSED: if (tilec_K == 0) {
// FUSED-NEXT: const dim3 tilec_pivot_grid(1, 1, 1)
// UNFUSED-NOT: tilec_K == 0
// UNFUSED-NOT: K + 1
#define N 200
int D[N][N];
void fw(void) {
#pragma apsp begin
#pragma apsp data(int D[N][N])
#pragma apsp loops(k, i, j)
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#pragma apsp end
}
// CUDA: Region kernels (kernels.c:{{[0-9]+}}): apsp, blocked Floyd-Warshall fw:64,8,8,1 (chosen; t,TM,TN,l), n = 200 padded to 256.
// CUDA: #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// CUDA-NEXT: #define TILEC_KERNELS_ADDMIN(a, b, c) __viaddmin_s32((a), (b), (c))
// CUDA: __global__ void kernels_fw_pivot(int *__restrict__ D, const int n, const int K, const int prow)
// Without a path matrix the panel kernel multiplies by the closed pivot
// tile: both tiles in local memory (the left one transposed, its rows
// padded by 16 bytes), one barrier, no row or column k. Each of 64 / 4 x
// 64 / 4 threads owns 4 x 4 elements, its four columns side by side (one
// int4), rows ty * 4 + 0..3.
// CUDA: __global__ void kernels_fw_panel(
// CUDA-NEXT: __shared__ __align__(16) int as[64][68];
// CUDA-NEXT: __shared__ __align__(16) int bs[64][64];
// CUDA-NOT: rowk
// CUDA copies both tiles asynchronously, all at once: 64 x 64 elements of
// the left one one by one, 64 rows of 64 / 4 16-byte pieces of the right.
// CUDA: const size_t a0 = in_row ? pivot : base, b0 = in_row ? base : pivot;
// CUDA: for (int e = tid; e < 4096; e += 256) {
// CUDA-NEXT: const int row = e / 64, col = e % 64;
// CUDA-NEXT: __pipeline_memcpy_async(&as[col][row], &D[a0 + (size_t)row * n + col], 4);
// CUDA-NEXT: }
// CUDA-NEXT: for (int e = tid; e < 1024; e += 256) {
// CUDA-NEXT: const int row = e / 16, col = e % 16 * 4;
// CUDA-NEXT: __pipeline_memcpy_async(&bs[row][col], &D[b0 + (size_t)row * n + col], 16);
// CUDA-NEXT: }
// CUDA-NEXT: __pipeline_commit();
// CUDA-NEXT: const size_t mine = base + (size_t)(ty * 4) * n + tx * 4;
// CUDA: const int4 v = *(const int4 *)&D[mine + 3 * (size_t)n];
// CUDA: __pipeline_wait_prior(0);
// CUDA-NEXT: __syncthreads();
// CUDA-NEXT: #pragma unroll
// CUDA-NEXT: for (int k = 0; k < 64; ++k) {
// CUDA: a[3] = as[k][ty * 4 + 3];
// CUDA-NEXT: b[0] = bs[k][tx * 4];
// CUDA: c[3][3] = TILEC_KERNELS_ADDMIN(a[3], b[3], c[3][3]);
// CUDA-NEXT: }
// CUDA-NOT: __syncthreads();
// CUDA: *(int4 *)&D[mine + 3 * (size_t)n] = make_int4(c[3][0], c[3][1], c[3][2], c[3][3]);
// CUDA-NEXT: }
// Registers capped at 2 x 8 x 8 = 128: 8 groups of 64 threads per SM.
// CUDA: __global__ void __launch_bounds__(64, 8) kernels_fw_rest(
// CUDA copies the slices asynchronously: the 64 pivots fit at once (64 x
// (64 + 4 + 64) x 4 bytes <= 48 KiB), so two stages of 32 take the same
// local memory; 32 x 64 elements of the pivot column one by one, 32 rows
// of 64 / 4 16-byte pieces of the pivot row; 64 threads.
// CUDA: __shared__ __align__(16) int as[2][32][68];
// CUDA-NEXT: __shared__ __align__(16) int bs[2][32][64];
// Each thread's 8 columns come in two groups of 4 side by side (16 bytes:
// one shared load once aligned, one global load or store as an int4):
// tx * 4 + 0..3 and, 8 threads x 4 further, tx * 4 + 32..35.
// CUDA: const size_t mine = (size_t)(row0 + ty * 8) * n + col0 + tx * 4;
// A thread's place in each slice stays the same from slice to slice, so
// its offsets in D are computed once: pivot tid % 32 of rows tid / 32 + 2r
// (64 threads cover 2 of the 64 rows of 32 pivots a pass: 32 passes), and
// 16-byte piece tid % 16 of pivots tid / 16 + 4r (16 pieces a pivot row:
// 4 pivots a pass, 8 passes).
// CUDA: const int ak = tid % 32, ai = tid / 32;
// CUDA-NEXT: const size_t a_at = (size_t)(row0 + ai) * n + piv0 + ak;
// CUDA-NEXT: const int bk = tid / 16, bj = tid % 16 * 4;
// CUDA-NEXT: const size_t b_at = (size_t)(prow + bk) * n + col0 + bj;
// CUDA: for (int r = 0; r < 32; ++r) {
// CUDA-NEXT: const size_t at = a_at + (size_t)(r * 2) * n;
// CUDA-NEXT: __pipeline_memcpy_async(&as[0][ak][ai + r * 2], &D[at], 4);
// CUDA: for (int r = 0; r < 8; ++r) {
// CUDA-NEXT: const size_t at = b_at + (size_t)(r * 4) * n;
// CUDA-NEXT: __pipeline_memcpy_async(&bs[0][bk + r * 4][bj], &D[at], 16);
// CUDA: __pipeline_commit();
// CUDA: int c[8][8];
// CUDA: const int4 v = *(const int4 *)&D[mine + 32];
// CUDA-NEXT: c[0][4] = v.x, c[0][5] = v.y, c[0][6] = v.z, c[0][7] = v.w;
// CUDA: for (int kc = 0, s = 0; kc < 64; kc += 32, s ^= 1) {
// CUDA-NEXT: if (kc + 32 < 64) {
// CUDA: const size_t at = a_at + (size_t)(r * 2) * n + kc + 32;
// CUDA-NEXT: __pipeline_memcpy_async(&as[s ^ 1][ak][ai + r * 2], &D[at], 4);
// CUDA: const size_t at = b_at + (size_t)(kc + 32 + r * 4) * n;
// CUDA-NEXT: __pipeline_memcpy_async(&bs[s ^ 1][bk + r * 4][bj], &D[at], 16);
// CUDA: __pipeline_commit();
// CUDA-NEXT: __pipeline_wait_prior(1);
// CUDA-NEXT: } else {
// CUDA-NEXT: __pipeline_wait_prior(0);
// CUDA-NEXT: }
// CUDA-NEXT: __syncthreads();
// Every pivot of a slice unrolled (int, no path matrix):
// CUDA: #pragma unroll
// CUDA-NEXT: for (int k = 0; k < 32; ++k) {
// CUDA: a[0] = as[s][k][ty * 8 + 0];
// CUDA: b[3] = bs[s][k][tx * 4 + 3];
// CUDA-NEXT: b[4] = bs[s][k][tx * 4 + 32];
// CUDA: c[7][7] = TILEC_KERNELS_ADDMIN(a[7], b[7], c[7][7]);
// CUDA: if ((col0 + tx * 4) / 64 != K) {
// CUDA-NEXT: *(int4 *)&D[mine] = make_int4(c[0][0], c[0][1], c[0][2], c[0][3]);
// CUDA: if ((col0 + tx * 4 + 32) / 64 != K) {
// CUDA-NEXT: *(int4 *)&D[mine + 32] = make_int4(c[0][4], c[0][5], c[0][6], c[0][7]);
// The 4 tile rows spread over the devices; round K starts on the one that
// holds tile row K.
// CUDA: const int tilec_size = 200, tilec_n = 256, tilec_tiles = 4;
// CUDA: for (tilec_K = 0, tilec_o = 0; tilec_K < tilec_tiles; ++tilec_K) {
// CUDA-NEXT: /* Slab o holds tile row K: the pivot tile and the pivot row. */
// CUDA-NEXT: while (tilec_K >= tilec_lo[tilec_o] + tilec_own[tilec_o])
// CUDA-NEXT: tilec_o++;
// CUDA-NEXT: const int tilec_prow = (tilec_K - tilec_lo[tilec_o]) * 64;
// CUDA-NEXT: tilec_cuda_use_slab(tilec_o);
// CUDA: tilec_cuda_launch_begin("kernels_fw_pivot", (const void *)kernels_fw_pivot);
// CUDA: tilec_panel_block(16, 16, 1);
// OCL-NOT: __viaddmin_s32
// OCL: #define TILEC_KERNELS_ADDMIN(a, b, c) min((a) + (b), (c))
// OpenCL's panel product has no vectors: a thread's columns are tx + 0, 8,
// 16 and 24 of the 32 x 32 tile here (t = 32 for the default device).
// OCL: __kernel void kernels_fw_panel(
// OCL: const size_t a0 = in_row ? pivot : base, b0 = in_row ? base : pivot;
// OCL-NEXT: for (int e = tid; e < 1024; e += 64) {
// OCL-NEXT: const int row = e / 32, col = e % 32;
// OCL-NEXT: as[col][row] = D[a0 + (size_t)row * n + col];
// OCL-NEXT: bs[row][col] = D[b0 + (size_t)row * n + col];
// OCL-NEXT: }
// OCL-NEXT: const size_t mine = base + (size_t)(ty * 4) * n + tx;
// OCL: c[0][1] = D[mine + 8];
// OCL: b[3] = bs[k][tx + 24];
// OCL: __kernel void kernels_fw_rest(__global int *restrict D, const int n, const int K, const int lo, const int prow)
// OCL: __local int as[32][36];
// OpenCL loads each slice through registers, then a barrier.
// OCL-NOT: as[2]
// OCL-NOT: #pragma unroll
// 64 threads cover two rows of the 32-pivot column slice a pass (offsets
// computed once), but only half of a 128-wide row of the pivot row slice:
// that one goes element by element.
// OCL: const int ak = tid % 32, ai = tid / 32;
// OCL-NOT: b_at
// OCL: for (int kc = 0; kc < 32; kc += 32) {
// OCL: for (int r = 0; r < 16; ++r) {
// OCL-NEXT: const size_t at = a_at + (size_t)(r * 2) * n + kc;
// OCL-NEXT: as[ak][ai + r * 2] = D[at];
// OCL: for (int e = tid; e < 4096; e += 64) {
// OCL-NEXT: const int k = e / 128, j = e % 128;
// OCL: bs[k][j] = D[at];
// OCL: barrier(CLK_LOCAL_MEM_FENCE);
// PATH: __global__ void forms_fw_panel(
// PATH-NOT: as[
// PATH: __shared__ unsigned int rowk[2][64];
// PATH: forms_fw_rest(
