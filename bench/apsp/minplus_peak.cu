// Add+min peak microbenchmark for the apsp benchmark's "fraction of peak".
//
// The inner loop of tilec's non-pivot kernel without the rest of FW: each
// thread of a 16 x 8 block owns an 8 x 8 register tile and relaxes it with
// operands read from shared memory (min(c, a + b); int32 through DPX
// __viaddmin_s32 on sm_90, float through FADD + FMNMX). A second variant
// keeps the operands in registers (the ALU ceiling). Prints G updates/s.
//   nvcc -O3 -arch=sm_90 minplus_peak.cu -o minplus_peak && ./minplus_peak
#include <cstdio>
#include <cuda_runtime.h>

template <typename T> __device__ __forceinline__ T addmin(T a, T b, T c);
template <> __device__ __forceinline__ int addmin(int a, int b, int c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __viaddmin_s32(a, b, c);
#else
  return min(a + b, c);
#endif
}
template <> __device__ __forceinline__ float addmin(float a, float b, float c) {
  return fminf(a + b, c);
}

constexpr int TM = 8, TN = 8, BX = 16, BY = 8, KC = 32;

template <typename T, bool Shared>
__global__ void kernel(const T *in, T *out, int iterations) {
  __shared__ T as[KC][BY * TM], bs[KC][BX * TN];
  int tid = threadIdx.y * BX + threadIdx.x;
  for (int e = tid; e < KC * BY * TM; e += BX * BY)
    as[e / (BY * TM)][e % (BY * TM)] = in[e % 1024];
  for (int e = tid; e < KC * BX * TN; e += BX * BY)
    bs[e / (BX * TN)][e % (BX * TN)] = in[(e + 7) % 1024];
  __syncthreads();
  T c[TM][TN], ra[TM], rb[TN];
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n)
      c[m][n] = in[(m * TN + n + tid) % 1024];
#pragma unroll
  for (int m = 0; m < TM; ++m)
    ra[m] = as[0][threadIdx.y * TM + m];
#pragma unroll
  for (int n = 0; n < TN; ++n)
    rb[n] = bs[1][threadIdx.x + BX * n];
  for (int it = 0; it < iterations; ++it) {
    for (int k = 0; k < KC; ++k) {
      T a[TM], b[TN];
#pragma unroll
      for (int m = 0; m < TM; ++m)
        a[m] = Shared ? as[k][threadIdx.y * TM + m] : ra[m] + (T)(k & 1);
#pragma unroll
      for (int n = 0; n < TN; ++n)
        b[n] = Shared ? bs[k][threadIdx.x + BX * n] : rb[n];
#pragma unroll
      for (int m = 0; m < TM; ++m)
#pragma unroll
        for (int n = 0; n < TN; ++n)
          c[m][n] = addmin(a[m], b[n], c[m][n]);
    }
  }
  T sum = 0;
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n)
      sum += c[m][n];
  out[blockIdx.x * BX * BY + tid] = sum;
}

template <typename T, bool Shared> double measure(const char *name) {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int blocks = sms * 16, iterations = 400;
  T *in, *out;
  cudaMalloc(&in, 1024 * sizeof(T));
  cudaMalloc(&out, blocks * BX * BY * sizeof(T));
  T host[1024];
  for (int i = 0; i < 1024; ++i)
    host[i] = (T)(1 + i % 97);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  dim3 block(BX, BY);
  kernel<T, Shared><<<blocks, block>>>(in, out, 10); // warm-up
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  float best = 1e30f;
  for (int r = 0; r < 5; ++r) {
    cudaEventRecord(start);
    kernel<T, Shared><<<blocks, block>>>(in, out, iterations);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms;
    cudaEventElapsedTime(&ms, start, stop);
    best = ms < best ? ms : best;
  }
  cudaError_t err = cudaGetLastError();
  double updates = (double)blocks * BX * BY * TM * TN * KC * iterations;
  double rate = updates / (best * 1e-3) * 1e-9;
  printf("%s %s: %.1f G updates/s (%.3f ms, %s)\n", name,
         Shared ? "shared-operands" : "register-operands", rate, best,
         cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return rate;
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  measure<int, true>("int32");
  measure<int, false>("int32");
  measure<float, true>("float");
  measure<float, false>("float");
  return 0;
}
