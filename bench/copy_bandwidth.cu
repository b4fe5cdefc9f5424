// Device-to-device copy bandwidth: the bound for a memory-bound stencil.
// Copies a 1 GiB buffer with cudaMemcpy and with a simple kernel; reports
// bytes read plus bytes written per second (median of 10 after warm-up).
#include <algorithm>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(err)); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__global__ void copy_kernel(const float4 *__restrict__ in,
                            float4 *__restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    out[i] = in[i];
}

int main() {
  const size_t bytes = size_t(1) << 30;
  float4 *a, *b;
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 1, bytes));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));

  for (int method = 0; method < 2; ++method) {
    std::vector<float> ms;
    for (int run = 0; run < 13; ++run) {
      CHECK(cudaEventRecord(start));
      if (method == 0)
        CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
      else
        copy_kernel<<<sms * 8, 512>>>(a, b, bytes / sizeof(float4));
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float t;
      CHECK(cudaEventElapsedTime(&t, start, stop));
      if (run >= 3)
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    double median = ms[ms.size() / 2];
    std::printf("copy bandwidth (%s): %.1f GB/s (read + write, 1 GiB, "
                "median of 10)\n",
                method == 0 ? "cudaMemcpy" : "kernel",
                2.0 * bytes / (median * 1e-3) / 1e9);
  }
  return 0;
}
