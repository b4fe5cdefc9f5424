// Hand-written kernel variants for heat2d and heat3d (float, Jacobi with a
// buffer swap, boundary never written), used to decide what tilec's
// KernelEmitter should emit. Each variant runs the same number of steps as a
// reference (the naive kernel) and must match it bit for bit; then it is
// timed (median of 5 runs after a warm-up) and reported in GStencil/s.
//
// Build: nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 stencil_variants.cu
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(err));                            \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static const float C0 = 0.4f, C1 = 0.1f;

// ---------------------------------------------------------------- 3D ------
// Naive: one point per thread; Aligned puts x = 0 at the start of a warp.
template <bool Aligned>
__global__ void naive3d(const float *__restrict__ A, float *__restrict__ B,
                        int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + (Aligned ? 0 : 1);
  int y = blockIdx.y * blockDim.y + threadIdx.y + (Aligned ? 0 : 1);
  int z = blockIdx.z * blockDim.z + threadIdx.z + 1;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1)
    return;
  size_t sy = nx, sz = (size_t)nx * ny, c = z * sz + y * sy + x;
  B[c] = C0 * A[c] +
         C1 * (A[c - sz] + A[c + sz] + A[c - sy] + A[c + sy] + A[c - 1] +
               A[c + 1]);
}

// z-march: one (x, y) column per thread over a chunk of CZ planes; the z
// neighbours stay in registers, the in-plane ones come through L1.
template <int CZ>
__global__ void zreg3d(const float *__restrict__ A, float *__restrict__ B,
                       int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z0 = 1 + blockIdx.z * CZ;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
    return;
  int z1 = min(z0 + CZ, nz - 1);
  size_t sy = nx, sz = (size_t)nx * ny, c = z0 * sz + y * sy + x;
  float zm = A[c - sz], zc = A[c];
#pragma unroll 4
  for (int z = z0; z < z1; ++z, c += sz) {
    float zp = A[c + sz];
    B[c] = C0 * zc + C1 * (zm + zp + A[c - sy] + A[c + sy] + A[c - 1] +
                           A[c + 1]);
    zm = zc;
    zc = zp;
  }
}

// z-march with the plane staged in shared memory (halo loaded by the edge
// threads) and the next plane prefetched into a register before the
// current one is computed.
template <int BX, int BY, int CZ>
__global__ void __launch_bounds__(BX *BY)
    zsmem3d(const float *__restrict__ A, float *__restrict__ B, int nx,
            int ny, int nz) {
  __shared__ float P[BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  int z0 = 1 + blockIdx.z * CZ, z1 = min(z0 + CZ, nz - 1);
  bool in = x < nx && y < ny;
  bool interior = x >= 1 && y >= 1 && x < nx - 1 && y < ny - 1;
  size_t sy = nx, sz = (size_t)nx * ny;
  size_t c = z0 * sz + (size_t)min(y, ny - 1) * sy + min(x, nx - 1);
  // Halo columns and rows this thread loads (edge threads only).
  int hx = tx == 0 ? -1 : tx == BX - 1 ? 1 : 0;
  int hy = ty == 0 ? -1 : ty == BY - 1 ? 1 : 0;
  bool hxok = hx && x + hx >= 0 && x + hx < nx && y < ny;
  bool hyok = hy && y + hy >= 0 && y + hy < ny && x < nx;
  float zm = in ? A[c - sz] : 0, zc = in ? A[c] : 0;
  float nextc = 0, nexthx = 0, nexthy = 0;
  float hxv = hxok ? A[c + hx] : 0, hyv = hyok ? A[c + hy * (ptrdiff_t)sy] : 0;
  for (int z = z0; z < z1; ++z, c += sz) {
    // Prefetch the next plane (centre and this thread's halo).
    if (z + 1 < nz && in)
      nextc = A[c + sz];
    if (hxok)
      nexthx = A[c + sz + hx];
    if (hyok)
      nexthy = A[c + sz + hy * (ptrdiff_t)sy];
    P[ty + 1][tx + 1] = zc;
    if (hx)
      P[ty + 1][tx + 1 + hx] = hxv;
    if (hy)
      P[ty + 1 + hy][tx + 1] = hyv;
    __syncthreads();
    if (interior && z < z1)
      B[c] = C0 * zc + C1 * (zm + nextc + P[ty][tx + 1] + P[ty + 2][tx + 1] +
                             P[ty + 1][tx] + P[ty + 1][tx + 2]);
    __syncthreads();
    zm = zc;
    zc = nextc;
    hxv = nexthx;
    hyv = nexthy;
  }
}

// ---------------------------------------------------------------- 2D ------
template <bool Aligned>
__global__ void naive2d(const float *__restrict__ A, float *__restrict__ B,
                        int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + (Aligned ? 0 : 1);
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x < 1 || x >= nx - 1 || y >= ny - 1)
    return;
  size_t c = (size_t)y * nx + x;
  B[c] = C0 * A[c] + C1 * (A[c - nx] + A[c + nx] + A[c - 1] + A[c + 1]);
}

// Temporal blocking by streaming along y (in the spirit of AN5D): a block
// of BX threads loads BX columns and owns the BX - 2T in the middle; it
// walks a chunk of CY rows; level l (1..T) produces row rr - 2l at
// iteration rr from level l-1's rows held in registers (y neighbours) and
// in a ring of 3 shared rows (x neighbours). One barrier per row. Levels
// past `steps` pass their input through, so the last launch can do fewer.
template <int T, int BX, int CY>
__global__ void __launch_bounds__(BX)
    stream2d(const float *__restrict__ A, float *__restrict__ B, int nx,
             int ny, int steps) {
  __shared__ float Ring[T][3][BX + 2];
  const int tx = threadIdx.x;
  const int x = blockIdx.x * (BX - 2 * T) - T + tx;
  const bool xin = x >= 0 && x < nx;
  const bool xinterior = x >= 1 && x < nx - 1;
  const bool owned = tx >= T && tx < BX - T && xinterior;
  const int y0 = blockIdx.y * CY, y1 = min(y0 + CY, ny - 1);
  float W[T][3]; // level l's rows p-1, p, p+1 (newest last)
#pragma unroll
  for (int l = 0; l < T; ++l)
    W[l][0] = W[l][1] = W[l][2] = 0;
  int slot = 0; // ring slot of this iteration: (rr - first) % 3
  const int first = y0 - T, last = y0 + CY - 1 + 2 * T;
  float next = (xin && first >= 0 && first < ny) ? A[(size_t)first * nx + x] : 0;
  for (int rr = first; rr <= last; ++rr) {
    float v = next;
    int rn = rr + 1;
    next = (xin && rn >= 0 && rn < ny && rn < y0 + CY + T)
               ? A[(size_t)rn * nx + x]
               : 0;
    const int mid = slot == 2 ? 0 : slot + 1; // slot of rr - 2
    float New[T + 1];
    New[0] = v;
#pragma unroll
    for (int l = 1; l <= T; ++l) {
      int p = rr - 2 * l;
      float c = W[l - 1][1];
      bool update = l <= steps && xinterior && p >= 1 && p < ny - 1;
      float r = C0 * c + C1 * (W[l - 1][0] + W[l - 1][2] +
                               Ring[l - 1][mid][tx] + Ring[l - 1][mid][tx + 2]);
      New[l] = update ? r : c;
    }
#pragma unroll
    for (int l = 0; l < T; ++l) {
      W[l][0] = W[l][1];
      W[l][1] = W[l][2];
      W[l][2] = New[l];
      Ring[l][slot][tx + 1] = New[l];
    }
    int p = rr - 2 * T;
    if (owned && p >= y0 && p < y1 && p >= 1)
      B[(size_t)p * nx + x] = New[T];
    slot = slot == 2 ? 0 : slot + 1;
    __syncthreads();
  }
}

// -------------------------------------------------------------- driver ----
struct Result {
  std::string name;
  double gstencils;
  bool ok;
};

static float hash01(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return (float)(x >> 8) * (1.0f / 16777216.0f);
}

// Runs `step(in, out)` `steps` times with swaps from the initial data;
// returns the final array and the median time of one full run.
struct Runner {
  size_t n;
  float *a, *b, *init;
  std::vector<float> ref;
  double points; // interior points per step

  double run(const std::function<void(float *&, float *&, int &)> &launch,
             int steps, std::vector<float> &out) {
    std::vector<float> ms;
    cudaEvent_t s, e;
    CHECK(cudaEventCreate(&s));
    CHECK(cudaEventCreate(&e));
    for (int rep = 0; rep < 6; ++rep) {
      CHECK(cudaMemcpy(a, init, n * 4, cudaMemcpyDeviceToDevice));
      CHECK(cudaMemcpy(b, init, n * 4, cudaMemcpyDeviceToDevice));
      float *in = a, *o = b;
      int left = steps;
      CHECK(cudaEventRecord(s));
      while (left > 0)
        launch(in, o, left);
      CHECK(cudaEventRecord(e));
      CHECK(cudaEventSynchronize(e));
      CHECK(cudaGetLastError());
      float t;
      CHECK(cudaEventElapsedTime(&t, s, e));
      if (rep > 0)
        ms.push_back(t);
      if (rep == 0) {
        out.resize(n);
        CHECK(cudaMemcpy(out.data(), in, n * 4, cudaMemcpyDeviceToHost));
      }
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
  }
};

int main(int argc, char **argv) {
  bool do2d = argc < 2 || std::strcmp(argv[1], "3d") != 0;
  bool do3d = argc < 2 || std::strcmp(argv[1], "2d") != 0;
  std::vector<Result> results;
  auto report = [&](const std::string &name, double ms, double points,
                    int steps, bool ok) {
    double g = points * steps / (ms * 1e-3) / 1e9;
    std::printf("%-34s %8.3f ms %8.1f GStencil/s %s\n", name.c_str(), ms, g,
                ok ? "ok" : "MISMATCH");
    std::fflush(stdout);
  };

  if (do3d) {
    const int nx = 512, ny = 512, nz = 512, steps = 20;
    size_t n = (size_t)nx * ny * nz;
    std::vector<float> h(n);
    for (size_t i = 0; i < n; ++i)
      h[i] = hash01((unsigned)i ^ 0x5bd1e995u);
    Runner R{n};
    CHECK(cudaMalloc(&R.a, n * 4));
    CHECK(cudaMalloc(&R.b, n * 4));
    CHECK(cudaMalloc(&R.init, n * 4));
    CHECK(cudaMemcpy(R.init, h.data(), n * 4, cudaMemcpyHostToDevice));
    double points = (double)(nx - 2) * (ny - 2) * (nz - 2);
    std::vector<float> ref, out;
    auto naive = [&](int bx, int by, int bz, bool aligned) {
      return [=](float *&in, float *&o, int &left) {
        dim3 blk(bx, by, bz);
        int ex = aligned ? nx : nx - 2, ey = aligned ? ny : ny - 2;
        dim3 grd((ex + bx - 1) / bx, (ey + by - 1) / by,
                 (nz - 2 + bz - 1) / bz);
        if (aligned)
          naive3d<true><<<grd, blk>>>(in, o, nx, ny, nz);
        else
          naive3d<false><<<grd, blk>>>(in, o, nx, ny, nz);
        std::swap(in, o);
        --left;
      };
    };
    double t = R.run(naive(32, 4, 2, false), steps, ref);
    report("3d naive 32x4x2 (as emitted)", t, points, steps, true);
    int shapes[][3] = {{32, 4, 2}, {32, 8, 1}, {64, 4, 1}, {128, 2, 1},
                       {256, 1, 1}, {32, 16, 1}, {64, 8, 1}};
    for (auto &s : shapes) {
      t = R.run(naive(s[0], s[1], s[2], true), steps, out);
      report("3d naive aligned " + std::to_string(s[0]) + "x" +
                 std::to_string(s[1]) + "x" + std::to_string(s[2]),
             t, points, steps, out == ref);
    }
    auto zreg = [&](int bx, int by, int cz) {
      return [=](float *&in, float *&o, int &left) {
        dim3 blk(bx, by);
        dim3 grd(nx / bx, ny / by, (nz - 2 + cz - 1) / cz);
        switch (cz) {
        case 8: zreg3d<8><<<grd, blk>>>(in, o, nx, ny, nz); break;
        case 16: zreg3d<16><<<grd, blk>>>(in, o, nx, ny, nz); break;
        case 32: zreg3d<32><<<grd, blk>>>(in, o, nx, ny, nz); break;
        case 64: zreg3d<64><<<grd, blk>>>(in, o, nx, ny, nz); break;
        }
        std::swap(in, o);
        --left;
      };
    };
    int zshapes[][2] = {{32, 4}, {32, 8}, {64, 4}, {128, 2}, {256, 1}, {64, 8}};
    for (auto &s : zshapes)
      for (int cz : {8, 16, 32, 64}) {
        t = R.run(zreg(s[0], s[1], cz), steps, out);
        report("3d zreg " + std::to_string(s[0]) + "x" + std::to_string(s[1]) +
                   " cz" + std::to_string(cz),
               t, points, steps, out == ref);
      }
#define ZSMEM(BX, BY, CZ)                                                      \
  {                                                                            \
    auto f = [&](float *&in, float *&o, int &left) {                           \
      dim3 grd(nx / BX, ny / BY, (nz - 2 + CZ - 1) / CZ);                      \
      zsmem3d<BX, BY, CZ><<<grd, dim3(BX, BY)>>>(in, o, nx, ny, nz);           \
      std::swap(in, o);                                                        \
      --left;                                                                  \
    };                                                                         \
    t = R.run(f, steps, out);                                                  \
    report("3d zsmem " #BX "x" #BY " cz" #CZ, t, points, steps, out == ref);   \
  }
    ZSMEM(32, 8, 16) ZSMEM(32, 8, 64) ZSMEM(64, 4, 32) ZSMEM(64, 8, 32)
    ZSMEM(128, 4, 32) ZSMEM(32, 16, 32)
    CHECK(cudaFree(R.a));
    CHECK(cudaFree(R.b));
    CHECK(cudaFree(R.init));
  }

  if (do2d) {
    const int nx = 8192, ny = 8192, steps = 48;
    size_t n = (size_t)nx * ny;
    std::vector<float> h(n);
    for (size_t i = 0; i < n; ++i)
      h[i] = hash01((unsigned)i ^ 0x5bd1e995u);
    Runner R{n};
    CHECK(cudaMalloc(&R.a, n * 4));
    CHECK(cudaMalloc(&R.b, n * 4));
    CHECK(cudaMalloc(&R.init, n * 4));
    CHECK(cudaMemcpy(R.init, h.data(), n * 4, cudaMemcpyHostToDevice));
    double points = (double)(nx - 2) * (ny - 2);
    std::vector<float> ref, out;
    auto naive = [&](int bx, int by, bool aligned) {
      return [=](float *&in, float *&o, int &left) {
        int ex = aligned ? nx : nx - 2;
        dim3 grd((ex + bx - 1) / bx, (ny - 2 + by - 1) / by);
        if (aligned)
          naive2d<true><<<grd, dim3(bx, by)>>>(in, o, nx, ny);
        else
          naive2d<false><<<grd, dim3(bx, by)>>>(in, o, nx, ny);
        std::swap(in, o);
        --left;
      };
    };
    double t = R.run(naive(32, 8, false), steps, ref);
    report("2d naive 32x8 (as emitted)", t, points, steps, true);
    int shapes[][2] = {{32, 8}, {64, 4}, {128, 2}, {256, 1}, {32, 16},
                       {128, 4}};
    for (auto &s : shapes) {
      t = R.run(naive(s[0], s[1], true), steps, out);
      report("2d naive aligned " + std::to_string(s[0]) + "x" +
                 std::to_string(s[1]),
             t, points, steps, out == ref);
    }
#define STREAM2D(T, BX, CY)                                                    \
  {                                                                            \
    auto f = [&](float *&in, float *&o, int &left) {                           \
      int st = std::min(left, T);                                              \
      dim3 grd((nx + (BX - 2 * T) - 1) / (BX - 2 * T),             \
               (ny + CY - 1) / CY);                                            \
      stream2d<T, BX, CY><<<grd, BX>>>(in, o, nx, ny, st);                     \
      std::swap(in, o);                                                        \
      left -= st;                                                              \
    };                                                                         \
    t = R.run(f, steps, out);                                                  \
    report("2d stream T" #T " " #BX " cy" #CY, t, points, steps, out == ref);  \
  }
    STREAM2D(1, 256, 256) STREAM2D(2, 256, 256) STREAM2D(4, 256, 256)
    STREAM2D(4, 512, 256) STREAM2D(6, 256, 256) STREAM2D(8, 256, 256)
    STREAM2D(8, 256, 128) STREAM2D(8, 256, 512) STREAM2D(8, 128, 256)
    STREAM2D(12, 256, 256) STREAM2D(12, 128, 512) STREAM2D(16, 128, 256)
    STREAM2D(16, 128, 512)
  }
  return 0;
}
