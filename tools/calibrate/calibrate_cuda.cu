// calibrate_cuda.cu - Measures the run-time model's device figures with CUDA.
//
// Application-independent: host-to-device and device-to-host transfer
// bandwidth and latency (B1, L1, B3, L3) with cudaMemcpy from pageable
// memory (what tilec's runtime copies from: the user's own arrays), the
// device-memory bandwidth of a copy kernel (B2, bytes read plus written) and
// the launch latency of back-to-back kernels (L2). Prints the figures as
// JSON on stdout; tools/calibrate/tilec-calibrate merges them into a profile.
//
//   nvcc -O2 -arch=sm_90 -o calibrate_cuda calibrate_cuda.cu
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(Call)                                                            \
  do {                                                                         \
    cudaError_t Err = (Call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(Err));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

__global__ void copyKernel(const float4 *__restrict__ In,
                           float4 *__restrict__ Out, size_t N) {
  for (size_t I = blockIdx.x * (size_t)blockDim.x + threadIdx.x; I < N;
       I += (size_t)gridDim.x * blockDim.x)
    Out[I] = In[I];
}

__global__ void emptyKernel() {}

// Seconds per transfer of `Bytes` (median of `Reps`).
static double transfer(void *Dst, const void *Src, size_t Bytes,
                       cudaMemcpyKind Kind, int Reps) {
  std::vector<double> T;
  CHECK(cudaMemcpy(Dst, Src, Bytes, Kind)); // warm-up
  for (int R = 0; R < Reps; ++R) {
    double S = now();
    CHECK(cudaMemcpy(Dst, Src, Bytes, Kind));
    T.push_back(now() - S);
  }
  return median(T);
}

int main() {
  cudaDeviceProp Prop;
  CHECK(cudaGetDeviceProperties(&Prop, 0));
  const size_t Big = size_t(1) << 30; // 1 GiB
  const size_t Small = 4;
  char *Host = static_cast<char *>(std::malloc(Big));
  std::memset(Host, 1, Big);
  char *DevA, *DevB;
  CHECK(cudaMalloc(&DevA, Big));
  CHECK(cudaMalloc(&DevB, Big));
  CHECK(cudaMemset(DevA, 0, Big));

  // L1, L3: a 4-byte copy; B1, B3: 1 GiB, less the latency.
  double L1 = transfer(DevA, Host, Small, cudaMemcpyHostToDevice, 50);
  double TH2D = transfer(DevA, Host, Big, cudaMemcpyHostToDevice, 5);
  double L3 = transfer(Host, DevA, Small, cudaMemcpyDeviceToHost, 50);
  double TD2H = transfer(Host, DevA, Big, cudaMemcpyDeviceToHost, 5);
  double B1 = Big / (TH2D - L1), B3 = Big / (TD2H - L3);
  // 64 MiB, the size of one 256^3 float array, as a cross-check.
  const size_t Mid = size_t(64) << 20;
  double TH2DMid = transfer(DevA, Host, Mid, cudaMemcpyHostToDevice, 9);
  double TD2HMid = transfer(Host, DevA, Mid, cudaMemcpyDeviceToHost, 9);

  // B2: copy kernel over 1 GiB, bytes read plus written, CUDA events.
  size_t N4 = Big / sizeof(float4);
  int Blocks = Prop.multiProcessorCount * 8;
  cudaEvent_t E0, E1;
  CHECK(cudaEventCreate(&E0));
  CHECK(cudaEventCreate(&E1));
  std::vector<double> K;
  for (int R = 0; R < 12; ++R) {
    CHECK(cudaEventRecord(E0));
    copyKernel<<<Blocks, 256>>>(reinterpret_cast<float4 *>(DevA),
                                reinterpret_cast<float4 *>(DevB), N4);
    CHECK(cudaEventRecord(E1));
    CHECK(cudaEventSynchronize(E1));
    float Ms;
    CHECK(cudaEventElapsedTime(&Ms, E0, E1));
    if (R >= 2)
      K.push_back(Ms * 1e-3);
  }
  double B2 = 2.0 * Big / median(K);

  // L2: back-to-back launches of an empty kernel in one stream (the gap a
  // launch adds to a sequence of steps), and launch plus synchronise.
  const int Launches = 2000;
  std::vector<double> Gap, Sync;
  for (int R = 0; R < 5; ++R) {
    CHECK(cudaDeviceSynchronize());
    double S = now();
    for (int I = 0; I < Launches; ++I)
      emptyKernel<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize());
    Gap.push_back((now() - S) / Launches);
    S = now();
    for (int I = 0; I < 200; ++I) {
      emptyKernel<<<1, 32>>>();
      CHECK(cudaDeviceSynchronize());
    }
    Sync.push_back((now() - S) / 200);
  }
  double L2 = median(Gap), L2Sync = median(Sync);

  std::printf("{\n  \"device\": \"%s\",\n  \"api\": \"cuda\",\n", Prop.name);
  std::printf("  \"figures\": {\n");
  std::printf("    \"h2d_bandwidth_gbs\": {\"value\": %.1f, \"note\": \"tilec-calibrate (CUDA): cudaMemcpy of 1 GiB from pageable memory, median of 5, latency removed; 64 MiB: %.1f GB/s\"},\n",
              B1 / 1e9, Mid / TH2DMid / 1e9);
  std::printf("    \"h2d_latency_us\": {\"value\": %.2f, \"note\": \"tilec-calibrate (CUDA): 4-byte cudaMemcpy, median of 50\"},\n",
              L1 * 1e6);
  std::printf("    \"kernel_bandwidth_gbs\": {\"value\": %.0f, \"note\": \"tilec-calibrate (CUDA): grid-stride float4 copy kernel over 1 GiB, bytes read plus written, median of 10 (CUDA events)\"},\n",
              B2 / 1e9);
  std::printf("    \"launch_latency_us\": {\"value\": %.2f, \"note\": \"tilec-calibrate (CUDA): back-to-back empty kernels in one stream, per launch; launch plus synchronise: %.2f us\"},\n",
              L2 * 1e6, L2Sync * 1e6);
  std::printf("    \"d2h_bandwidth_gbs\": {\"value\": %.1f, \"note\": \"tilec-calibrate (CUDA): cudaMemcpy of 1 GiB to pageable memory, median of 5, latency removed; 64 MiB: %.1f GB/s\"},\n",
              B3 / 1e9, Mid / TD2HMid / 1e9);
  std::printf("    \"d2h_latency_us\": {\"value\": %.2f, \"note\": \"tilec-calibrate (CUDA): 4-byte cudaMemcpy, median of 50\"}\n",
              L3 * 1e6);
  std::printf("  }\n}\n");
  CHECK(cudaFree(DevA));
  CHECK(cudaFree(DevB));
  std::free(Host);
  return 0;
}
