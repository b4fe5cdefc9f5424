// Himeno's step (the update tilec's naive kernel makes) run four ways on
// the same data, 100 steps each, in one program:
//   launches     one launch per step, 128 x 2 x 1 groups, one point per
//                work item (tilec's naive mapping), p and wrk2 swapped;
//   strided      one cooperative launch of as many groups as fit at once,
//                group g taking tiles g, g + groups, ... of every step, a
//                grid-wide barrier after each step;
//   in order     the same, each group taking the next tile of the step
//                from a counter (as the hardware hands out the groups of
//                a launch), so the tiles in flight stay together;
//   in order/10  in order, 10 steps per cooperative launch.
// Prints each one's time per step and bandwidth (56 bytes per point per
// step), and whether each one's p is bit-identical to the launches'. A
// measurement for docs/notes/himeno.md ("Himeno's share of its bound on
// the H200"), not something tilec emits. The extents are constants, as in
// tilec's output:
//   nvcc -O3 -arch=sm_90 -fmad=false -DNX=256 -DNY=128 -DNZ=128 \
//     himeno-persistent.cu -o himeno-persistent && ./himeno-persistent
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

#ifndef NX
#define NX 256
#endif
#ifndef NY
#define NY 128
#endif
#ifndef NZ
#define NZ 128
#endif
constexpr int Steps = 100;
constexpr int Plane = NY * NX, Points = NZ * Plane;
constexpr int GroupX = 128, GroupY = 2;
constexpr int TilesX = (NX - 2 + GroupX - 1) / GroupX;
constexpr int TilesY = (NY - 2 + GroupY - 1) / GroupY;
constexpr int Tiles = TilesX * TilesY * (NZ - 2);

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(err)); \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

struct Coefficients {
  const float *__restrict__ a; // 4 components of Points each
  const float *__restrict__ b; // 3
  const float *__restrict__ c; // 3
  const float *__restrict__ bnd;
  const float *__restrict__ wrk1;
};

// The update of point (i, j, k) if it is inside; returns its share of
// gosa. The operations are those of samples/himeno/himeno.c in its order,
// so -fmad=false gives the serial program's values.
__device__ __forceinline__ float update(const Coefficients &q,
                                        const float *__restrict__ p,
                                        float *__restrict__ wrk2, int i, int j,
                                        int k) {
  if (k >= NX - 1 || j >= NY - 1)
    return 0.0f;
  const int at = (i * NY + j) * NX + k;
  float s0 = q.a[at] * p[at + Plane] + q.a[Points + at] * p[at + NX] +
             q.a[2 * Points + at] * p[at + 1] +
             q.b[at] * (p[at + Plane + NX] - p[at + Plane - NX] -
                        p[at - Plane + NX] + p[at - Plane - NX]) +
             q.b[Points + at] * (p[at + NX + 1] - p[at - NX + 1] -
                                 p[at + NX - 1] + p[at - NX - 1]) +
             q.b[2 * Points + at] * (p[at + Plane + 1] - p[at - Plane + 1] -
                                     p[at + Plane - 1] + p[at - Plane - 1]) +
             q.c[at] * p[at - Plane] + q.c[Points + at] * p[at - NX] +
             q.c[2 * Points + at] * p[at - 1] + q.wrk1[at];
  float ss = (s0 * q.a[3 * Points + at] - p[at]) * q.bnd[at];
  wrk2[at] = p[at] + 0.8f * ss;
  return ss * ss;
}

// The group's sum of `v` into `partial[slot]` (a tree, as tilec's).
__device__ void groupSum(float v, float *partial, int slot) {
  __shared__ float scratch[GroupX * GroupY];
  const int lid = threadIdx.x + GroupX * threadIdx.y;
  scratch[lid] = v;
  __syncthreads();
  for (int stride = GroupX * GroupY / 2; stride > 0; stride /= 2) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    __syncthreads();
  }
  if (lid == 0)
    partial[slot] = scratch[0];
}

// Tile t's point for this work item.
__device__ __forceinline__ float updateTile(const Coefficients &q,
                                            const float *__restrict__ p,
                                            float *__restrict__ wrk2, int t) {
  return update(q, p, wrk2, 1 + t / (TilesX * TilesY),
                1 + (t / TilesX % TilesY) * GroupY + threadIdx.y,
                1 + (t % TilesX) * GroupX + threadIdx.x);
}

__global__ void __launch_bounds__(GroupX *GroupY)
    stepKernel(Coefficients q, const float *__restrict__ p,
               float *__restrict__ wrk2, float *partial) {
  float gosa =
      update(q, p, wrk2, 1 + blockIdx.z, 1 + blockIdx.y * GroupY + threadIdx.y,
             1 + blockIdx.x * GroupX + threadIdx.x);
  groupSum(gosa, partial,
           blockIdx.x + TilesX * (blockIdx.y + TilesY * blockIdx.z));
}

// Steps [first, first + steps) of the run; step s reads p0 where s is
// even. With `counters` (one zeroed int per step), tiles are taken in
// order from the step's counter; without, group g takes g, g + groups, ...
__global__ void __launch_bounds__(GroupX *GroupY)
    persistentKernel(Coefficients q, float *p0, float *p1, int first, int steps,
                     int *counters, float *partial) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int next;
  for (int s = first; s < first + steps; ++s) {
    const float *p = s % 2 ? p1 : p0;
    float *wrk2 = s % 2 ? p0 : p1;
    float gosa = 0.0f;
    if (counters) {
      for (;;) {
        if (threadIdx.x == 0 && threadIdx.y == 0)
          next = atomicAdd(&counters[s], 1);
        __syncthreads();
        const int t = next;
        __syncthreads(); // every work item has read `next`
        if (t >= Tiles)
          break;
        gosa += updateTile(q, p, wrk2, t);
      }
    } else {
      for (int t = blockIdx.x; t < Tiles; t += gridDim.x)
        gosa += updateTile(q, p, wrk2, t);
    }
    groupSum(gosa, partial, blockIdx.x);
    grid.sync();
  }
}

static float *deviceCopy(const std::vector<float> &host) {
  float *d;
  CHECK(cudaMalloc(&d, host.size() * sizeof(float)));
  CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(float),
                   cudaMemcpyHostToDevice));
  return d;
}

int main() {
  // Himeno's initial values: coefficients 1 (a[3] 1/6), b 0, p rising
  // along i.
  std::vector<float> a(4 * (size_t)Points, 1.0f), b(3 * (size_t)Points, 0.0f),
      c(3 * (size_t)Points, 1.0f), bnd(Points, 1.0f), wrk1(Points, 0.0f),
      p(Points);
  std::fill(a.begin() + 3 * (size_t)Points, a.end(), 1.0f / 6.0f);
  for (int at = 0; at < Points; ++at)
    p[at] = (float)((at / Plane) * (at / Plane)) / (float)((NZ - 1) * (NZ - 1));
  Coefficients q{deviceCopy(a), deviceCopy(b), deviceCopy(c), deviceCopy(bnd),
                 deviceCopy(wrk1)};

  int sms = 0, perSM = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, persistentKernel,
                                                      GroupX * GroupY, 0));
  const dim3 block(GroupX, GroupY);
  const dim3 stepGrid(TilesX, TilesY, NZ - 2);
  int groups = sms * perSM;
  float *partial;
  int *counters;
  CHECK(cudaMalloc(&partial, Tiles * sizeof(float)));
  CHECK(cudaMalloc(&counters, Steps * sizeof(int)));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));

  enum { Ways = 4 };
  const char *names[Ways] = {"launches", "strided", "in order", "in order/10"};
  std::vector<float> result[Ways];
  double perStep[Ways][3];
  for (int pass = 0; pass < 3; ++pass)
    for (int way = 0; way < Ways; ++way) {
      float *p0 = deviceCopy(p), *p1 = deviceCopy(p);
      CHECK(cudaMemset(counters, 0, Steps * sizeof(int)));
      CHECK(cudaDeviceSynchronize());
      CHECK(cudaEventRecord(start));
      if (way == 0) {
        for (int s = 0; s < Steps; ++s)
          stepKernel<<<stepGrid, block>>>(q, s % 2 ? p1 : p0, s % 2 ? p0 : p1,
                                          partial);
      } else {
        int *order = way == 1 ? nullptr : counters;
        int each = way == 3 ? 10 : Steps;
        for (int first = 0; first < Steps; first += each) {
          void *args[] = {&q, &p0, &p1, &first, &each, &order, &partial};
          CHECK(cudaLaunchCooperativeKernel((void *)persistentKernel, groups,
                                            block, args));
        }
      }
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      CHECK(cudaGetLastError());
      float ms;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      perStep[way][pass] = ms * 1e3 / Steps;
      result[way].resize(Points);
      CHECK(cudaMemcpy(result[way].data(), Steps % 2 ? p1 : p0,
                       Points * sizeof(float), cudaMemcpyDeviceToHost));
      CHECK(cudaFree(p0));
      CHECK(cudaFree(p1));
    }
  std::printf("himeno %d x %d x %d, %d steps; %d SMs, %d groups of %d "
              "resident per SM\n",
              NX, NY, NZ, Steps, sms, perSM, GroupX * GroupY);
  bool same = true;
  for (int way = 0; way < Ways; ++way) {
    double *t = perStep[way];
    std::sort(t, t + 3);
    bool equal = std::memcmp(result[way].data(), result[0].data(),
                             Points * sizeof(float)) == 0;
    same = same && equal;
    std::printf("%-12s %8.2f us per step (median of 3; %.2f - %.2f), %.1f "
                "GB/s at 56 B per point, p %s\n",
                names[way], t[1], t[0], t[2], 56.0 * Points / (t[1] * 1e3),
                equal ? "bit-identical" : "DIFFERS");
  }
  return same ? 0 : 1;
}
