// The emitted kernels: DPX for int on sm_90 (CUDA only), the register tile
// of the non-pivot kernel, and the three launches per pivot round.
// RUN: rm -rf %t && %tilec --target=cuda --device=h200 -o %t/cuda %s
// RUN: %FileCheck %s --check-prefix=CUDA < %t/cuda/kernels_tilec.cu
// RUN: %tilec --target=opencl -o %t/ocl %s
// RUN: %FileCheck %s --check-prefix=OCL < %t/ocl/kernels.cl
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
// CUDA: Region kernels (kernels.c:10): apsp, blocked Floyd-Warshall fw:64,8,8,1 (chosen; t,TM,TN,l), n = 200 padded to 256.
// CUDA: #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// CUDA-NEXT: #define TILEC_KERNELS_ADDMIN(a, b, c) __viaddmin_s32((a), (b), (c))
// CUDA: __global__ void kernels_fw_pivot(int *__restrict__ D, const int n, const int K, const int prow)
// CUDA: __global__ void kernels_fw_panel(
// Registers capped at 2 x 8 x 8 = 128: 8 groups of 64 threads per SM.
// CUDA: __global__ void __launch_bounds__(64, 8) kernels_fw_rest(
// CUDA: int c[8][8];
// CUDA: c[7][7] = TILEC_KERNELS_ADDMIN(a[7], b[7], c[7][7]);
// The 4 tile rows spread over the devices; round K starts on the one that
// holds tile row K.
// CUDA: const int tilec_size = 200, tilec_n = 256, tilec_tiles = 4;
// CUDA: for (int tilec_K = 0, tilec_o = 0; tilec_K < tilec_tiles; ++tilec_K) {
// CUDA-NEXT: /* Slab o holds tile row K: the pivot tile and the pivot row. */
// CUDA-NEXT: while (tilec_K >= tilec_lo[tilec_o] + tilec_own[tilec_o])
// CUDA-NEXT: tilec_o++;
// CUDA-NEXT: const int tilec_prow = (tilec_K - tilec_lo[tilec_o]) * 64;
// CUDA-NEXT: tilec_cuda_use_slab(tilec_o);
// CUDA: tilec_cuda_launch_begin("kernels_fw_pivot", (const void *)kernels_fw_pivot);
// OCL-NOT: __viaddmin_s32
// OCL: #define TILEC_KERNELS_ADDMIN(a, b, c) min((a) + (b), (c))
// OCL: __kernel void kernels_fw_rest(__global int *restrict D, const int n, const int K, const int lo, const int prow)
// OCL: __local int as[32][36];
