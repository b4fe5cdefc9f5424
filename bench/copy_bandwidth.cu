// Device-to-device copy bandwidth: the bound for a memory-bound stencil.
// Copies a 1 GiB buffer with cudaMemcpy and with a simple kernel; reports
// bytes read plus bytes written per second (median of 10 after warm-up).
// `copy_bandwidth MIB` copies MIB MiB instead: the rate one launch reaches
// when it moves as many bytes as a kernel of interest (a short copy pays
// the same start and drain as a short kernel).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
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

int main(int argc, char **argv) {
  const long mib = argc > 1 ? std::atol(argv[1]) : 1024;
  if (mib <= 0) {
    std::fprintf(stderr, "usage: copy_bandwidth [MIB] (MIB > 0)\n");
    return 2;
  }
  const size_t bytes = size_t(mib) << 20;
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
    char size[32];
    if (mib == 1024)
      std::snprintf(size, sizeof size, "1 GiB");
    else
      std::snprintf(size, sizeof size, "%ld MiB", mib);
    std::printf("copy bandwidth (%s): %.1f GB/s (read + write, %s, median of "
                "10)\n",
                method == 0 ? "cudaMemcpy" : "kernel",
                2.0 * bytes / (median * 1e-3) / 1e9, size);
  }
  return 0;
}
