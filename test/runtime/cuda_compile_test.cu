/* Built the way emitted CUDA programs are: this .cu and the runtime's C source
 * in one nvcc command. CTest only compiles and links it (machines running the
 * tests need no GPU); run on a GPU, it checks a saxpy and exits 0. */
#include "tilec/tilec_rt_cuda.h"

#include <stdio.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  enum { N = 1000, BLOCK = 256 };
  static float x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  tilec_cuda_init();
  float *dx = (float *)tilec_cuda_alloc(sizeof x, "x");
  float *dy = (float *)tilec_cuda_alloc(sizeof y, "y");
  tilec_cuda_write(dx, x, sizeof x, "x");
  tilec_cuda_write(dy, y, sizeof y, "y");
  tilec_cuda_launch_begin("saxpy");
  saxpy<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(N, 2.0f, dx, dy);
  tilec_cuda_launch_end("saxpy");
  tilec_cuda_read(y, dy, sizeof y, "y");
  TILEC_CUDA_CHECK(cudaDeviceSynchronize());
  tilec_cuda_free(dx);
  tilec_cuda_free(dy);
  for (int i = 0; i < N; i++)
    if (y[i] != 2.0f * i + 1.0f) {
      fprintf(stderr, "cuda_compile_test: y[%d] = %g, expected %g\n", i, y[i],
              2.0f * i + 1.0f);
      return 1;
    }
  return 0;
}
