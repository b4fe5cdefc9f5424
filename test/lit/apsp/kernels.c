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
// CUDA: __global__ void kernels_fw_pivot(int *__restrict__ D, const int n, const int K)
// CUDA: __global__ void kernels_fw_panel(
// CUDA: __global__ void kernels_fw_rest(
// CUDA: int c[8][8];
// CUDA: c[7][7] = TILEC_KERNELS_ADDMIN(a[7], b[7], c[7][7]);
// CUDA: for (tilec_K = 0; tilec_K < 4; ++tilec_K) {
// CUDA-NEXT: tilec_cuda_launch_begin("kernels_fw_pivot");
// OCL-NOT: __viaddmin_s32
// OCL: #define TILEC_KERNELS_ADDMIN(a, b, c) min((a) + (b), (c))
// OCL: __kernel void kernels_fw_rest(__global int *restrict D, const int n, const int K)
// OCL: __local int as[32][36];
