/* Built the way emitted CUDA programs are: this .cu and the runtime's C source
 * in one nvcc command. CTest only compiles and links it (machines running the
 * tests need no GPU); run on a GPU, it checks a saxpy and, on every slab of
 * TILEC_DEVICES (`TILEC_DEVICES=0,0`: two slabs on one GPU), a fill and an
 * exchange of edge elements between neighbouring slabs, and exits 0. */
#include "slab_exchange_expected.h"
#include "tilec/tilec_rt_cuda.h"

#include <stdio.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void fill(int *v, int value) {
  v[blockIdx.x * blockDim.x + threadIdx.x] =
      value + blockIdx.x * blockDim.x + threadIdx.x;
}

/* After an exchange: reads what came in, overwrites what went out. */
__global__ void next(int *v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == n / 2)
    v[i] = v[0] + v[n - 1];
  else if (i > 0 && i < n - 1)
    v[i] += 10000;
}

/* Each slab's buffer is filled on its device; then each slab's first
 * element becomes its left neighbour's last but one and its last element its
 * right neighbour's second, as a halo exchange does; a second launch on each
 * slab reads what came in and overwrites what went out, so it must run after
 * the copies both ways. */
static int check_slabs() {
  enum { N = 256, MAX_SLABS = 8 };
  int slabs = tilec_cuda_slab_count();
  if (slabs > MAX_SLABS)
    return 1;
  int *buffers[MAX_SLABS];
  for (int s = 0; s < slabs; s++) {
    tilec_cuda_use_slab(s);
    buffers[s] = (int *)tilec_cuda_alloc(N * sizeof(int), "v");
    tilec_cuda_launch_begin("fill", (const void *)fill);
    fill<<<N / 64, 64>>>(buffers[s], 1000 * s);
    tilec_cuda_launch_end("fill");
  }
  for (int s = 1; s < slabs; s++) {
    tilec_cuda_copy_between(buffers[s], s, buffers[s - 1] + N - 2, s - 1,
                            sizeof(int), "v");
    tilec_cuda_copy_between(buffers[s - 1] + N - 1, s - 1, buffers[s] + 1, s,
                            sizeof(int), "v");
  }
  tilec_cuda_exchange_end();
  for (int s = 0; s < slabs; s++) {
    tilec_cuda_use_slab(s);
    tilec_cuda_launch_begin("next", (const void *)next);
    next<<<N / 64, 64>>>(buffers[s], N);
    tilec_cuda_launch_end("next");
  }
  int failures = 0;
  for (int s = 0; s < slabs; s++) {
    static int v[N];
    tilec_cuda_use_slab(s);
    tilec_cuda_read(v, buffers[s], sizeof v, "v");
    for (int i = 0; i < N; i++) {
      int want = slab_exchange_expected(s, slabs, i, N);
      if (v[i] != want) {
        fprintf(stderr, "cuda_compile_test: slab %d: v[%d] = %d, expected %d\n",
                s, i, v[i], want);
        failures++;
        break;
      }
    }
    tilec_cuda_free(buffers[s]);
  }
  fprintf(stderr, "cuda_compile_test: %d slabs checked\n", slabs);
  return failures != 0;
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
  tilec_cuda_launch_begin("saxpy", (const void *)saxpy);
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
  return check_slabs();
}
