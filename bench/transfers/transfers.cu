// Host-device transfer options for a region's arrays,
// measured on the GPU machine: plain cudaMemcpy from pageable memory,
// registering the user's array (cudaHostRegister) and copying from it, and
// staging through two pinned chunks (memcpy into one while the other is in
// flight). Prints one line per size and option: GB/s to and from the
// device, and for registration its own cost.
//   nvcc -O2 -arch=sm_90 transfers.cu -o transfers && ./transfers
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static void check(cudaError_t status, const char *call) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", call, cudaGetErrorString(status));
    std::exit(1);
  }
}
#define CHECK(call) check((call), #call)

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Staging: host <-> two pinned chunks <-> device, the host copy of one
// chunk overlapping the DMA of the other.
static void staged(char *host, char *device, size_t bytes, bool toDevice,
                   char *pinned[2], size_t chunk, cudaStream_t stream,
                   cudaEvent_t done[2]) {
  size_t count = (bytes + chunk - 1) / chunk;
  if (toDevice) {
    for (size_t i = 0; i < count; ++i) {
      size_t off = i * chunk, n = bytes - off < chunk ? bytes - off : chunk;
      int b = i % 2;
      CHECK(cudaEventSynchronize(done[b])); // the chunk's last DMA is over
      std::memcpy(pinned[b], host + off, n);
      CHECK(cudaMemcpyAsync(device + off, pinned[b], n, cudaMemcpyHostToDevice,
                            stream));
      CHECK(cudaEventRecord(done[b], stream));
    }
  } else {
    // Start chunk i + 1's DMA before copying chunk i out of its buffer.
    auto start = [&](size_t i) {
      size_t off = i * chunk, n = bytes - off < chunk ? bytes - off : chunk;
      CHECK(cudaMemcpyAsync(pinned[i % 2], device + off, n,
                            cudaMemcpyDeviceToHost, stream));
      CHECK(cudaEventRecord(done[i % 2], stream));
    };
    start(0);
    for (size_t i = 0; i < count; ++i) {
      if (i + 1 < count)
        start(i + 1);
      size_t off = i * chunk, n = bytes - off < chunk ? bytes - off : chunk;
      CHECK(cudaEventSynchronize(done[i % 2]));
      std::memcpy(host + off, pinned[i % 2], n);
    }
  }
  CHECK(cudaStreamSynchronize(stream));
}

int main() {
  const size_t sizes[] = {size_t(1) << 20,   size_t(16) << 20, size_t(64) << 20,
                          size_t(256) << 20, size_t(1) << 30,  size_t(2) << 30};
  const size_t chunk = size_t(32) << 20;
  char *pinned[2];
  CHECK(cudaMallocHost(&pinned[0], chunk));
  CHECK(cudaMallocHost(&pinned[1], chunk));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  cudaEvent_t done[2];
  for (auto &e : done) {
    CHECK(cudaEventCreate(&e));
    CHECK(cudaEventRecord(e, stream));
  }
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s; MiB option to_device_GBs from_device_GBs "
              "register_ms unregister_ms (median of 3)\n",
              prop.name);
  for (size_t bytes : sizes) {
    char *host = (char *)std::malloc(bytes);
    char *back = (char *)std::malloc(bytes);
    for (size_t i = 0; i < bytes; i += 4096)
      host[i] = back[i] = (char)i; // touch every page
    char *device;
    CHECK(cudaMalloc(&device, bytes));
    auto median = [](std::vector<double> v) {
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    std::vector<double> in, out, reg, unreg;
    // Pageable.
    for (int r = 0; r < 3; ++r) {
      double t0 = now();
      CHECK(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice));
      double t1 = now();
      CHECK(cudaMemcpy(back, device, bytes, cudaMemcpyDeviceToHost));
      double t2 = now();
      in.push_back(t1 - t0);
      out.push_back(t2 - t1);
    }
    std::printf("%zu pageable %.2f %.2f - -\n", bytes >> 20,
                bytes / median(in) / 1e9, bytes / median(out) / 1e9);
    in.clear(), out.clear();
    // Registered: the registration is part of what a region would pay.
    for (int r = 0; r < 3; ++r) {
      double t0 = now();
      CHECK(cudaHostRegister(host, bytes, cudaHostRegisterDefault));
      CHECK(cudaHostRegister(back, bytes, cudaHostRegisterDefault));
      double t1 = now();
      CHECK(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice));
      double t2 = now();
      CHECK(cudaMemcpy(back, device, bytes, cudaMemcpyDeviceToHost));
      double t3 = now();
      CHECK(cudaHostUnregister(host));
      CHECK(cudaHostUnregister(back));
      double t4 = now();
      reg.push_back((t1 - t0) / 2);
      in.push_back(t2 - t1);
      out.push_back(t3 - t2);
      unreg.push_back((t4 - t3) / 2);
    }
    std::printf("%zu registered %.2f %.2f %.3f %.3f\n", bytes >> 20,
                bytes / median(in) / 1e9, bytes / median(out) / 1e9,
                median(reg) * 1e3, median(unreg) * 1e3);
    in.clear(), out.clear();
    // Staged through the two pinned chunks.
    for (int r = 0; r < 3; ++r) {
      double t0 = now();
      staged(host, device, bytes, true, pinned, chunk, stream, done);
      double t1 = now();
      staged(back, device, bytes, false, pinned, chunk, stream, done);
      double t2 = now();
      in.push_back(t1 - t0);
      out.push_back(t2 - t1);
    }
    if (std::memcmp(host, back, bytes) != 0) {
      std::fprintf(stderr, "staged copy of %zu bytes differs\n", bytes);
      return 1;
    }
    std::printf("%zu staged %.2f %.2f - -\n", bytes >> 20,
                bytes / median(in) / 1e9, bytes / median(out) / 1e9);
    CHECK(cudaFree(device));
    std::free(host);
    std::free(back);
  }
  return 0;
}
