// Prototype: the 3D streaming kernel with several points per thread along y
// and dynamic shared memory, to measure which shapes pay before the emitter
// learns them. heat3d's 7-point stencil on an N^3 grid,
// fp32, constant extents; every variant is checked against one naive kernel
// per step. Build: nvcc -O3 -arch=sm_90 -fmad=false deep3d.cu -o deep3d
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#ifndef N
#define N 512
#endif

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__,                        \
              cudaGetErrorString(e));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void naive(const float *__restrict__ Ad, float *__restrict__ Bd,
                      float C0, float C1) {
  const float(*A)[N][N] = (const float(*)[N][N])Ad;
  float(*B)[N][N] = (float(*)[N][N])Bd;
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int i = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1)
    B[i][j][k] = C0 * A[i][j][k] +
                 C1 * (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] +
                       A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]);
}

// W x HT threads; each thread owns P columns along y, HT apart, so the tile
// is W x (HT * P) and the ring rows (HT * P + 2) x (W + 2). T steps per
// launch; chunks of CH rows along z.
template <int W, int HT, int P, int T, int CH>
__global__ void __launch_bounds__(W *HT)
    deep(const float *__restrict__ Ad, float *__restrict__ Bd, float C0,
         float C1, int steps) {
  const float(*A)[N][N] = (const float(*)[N][N])Ad;
  float(*B)[N][N] = (float(*)[N][N])Bd;
  constexpr int TY = HT * P, RW = W + 2, RH = TY + 2, PLANE = RW * RH;
  constexpr int OWNX = W - 2 * (T - 1), OWNY = TY - 2 * (T - 1);
  extern __shared__ float ring[]; // [T-1][4][RH][RW]
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int k = (int)blockIdx.x * OWNX + tx + 2 - T;
  int j[P];
#pragma unroll
  for (int p = 0; p < P; p++)
    j[p] = (int)blockIdx.y * OWNY + ty + p * HT + 2 - T;
  const int first = 1 + (int)blockIdx.z * CH;
  const int last = first + CH < N - 1 ? first + CH : N - 1;
  float rows[P][T][3];
#pragma unroll
  for (int p = 0; p < P; p++)
#pragma unroll
    for (int l = 0; l < T; l++)
      rows[p][l][0] = rows[p][l][1] = rows[p][l][2] = 0;
  float nw[P][T];
  float nxt[P];
#pragma unroll
  for (int p = 0; p < P; p++) {
    const int i = first - T;
    nxt[p] = 0 <= i && i < N && (unsigned)j[p] < N && (unsigned)k < N
                 ? A[i][j[p]][k]
                 : 0;
  }
  int slot = 0;
  const bool kin = (unsigned)(k - 1) < N - 2u;
#pragma unroll 2
  for (int row = first - T; row < last + 2 * T; row++) {
#pragma unroll
    for (int p = 0; p < P; p++) {
      nw[p][0] = nxt[p];
      const int i = row + 1;
      nxt[p] = 0 <= i && i < last + T && i < N && (unsigned)j[p] < N &&
                       (unsigned)k < N
                   ? A[i][j[p]][k]
                   : 0;
    }
#pragma unroll
    for (int p = 0; p < P; p++) {
      const int i = row - 2;
      const bool in =
          (unsigned)(i - 1) < N - 2u && (unsigned)(j[p] - 1) < N - 2u && kin;
      if (T == 1) {
        if (i >= first && i < last && in)
          B[i][j[p]][k] =
              C0 * rows[p][0][1] +
              C1 * (rows[p][0][0] + rows[p][0][2] + A[i][j[p] - 1][k] +
                    A[i][j[p] + 1][k] + A[i][j[p]][k - 1] + A[i][j[p]][k + 1]);
      } else {
        nw[p][1] = in ? C0 * rows[p][0][1] +
                            C1 * (rows[p][0][0] + rows[p][0][2] +
                                  A[i][j[p] - 1][k] + A[i][j[p] + 1][k] +
                                  A[i][j[p]][k - 1] + A[i][j[p]][k + 1])
                      : rows[p][0][1];
      }
    }
#pragma unroll
    for (int l = 2; l <= T; l++) {
      const float *r = ring + ((l - 2) * 4 + (slot + 2) % 4) * PLANE;
#pragma unroll
      for (int p = 0; p < P; p++) {
        const int i = row - 2 * l;
        const int y = ty + p * HT + 1, x = tx + 1;
        const bool in =
            (unsigned)(i - 1) < N - 2u && (unsigned)(j[p] - 1) < N - 2u && kin;
        const float v =
            C0 * rows[p][l - 1][1] +
            C1 * (rows[p][l - 1][0] + rows[p][l - 1][2] + r[(y - 1) * RW + x] +
                  r[(y + 1) * RW + x] + r[y * RW + x - 1] + r[y * RW + x + 1]);
        if (l < T) {
          nw[p][l] = l <= steps && in ? v : rows[p][l - 1][1];
        } else {
          const int yy = ty + p * HT;
          if (i >= first && i < last && yy >= T - 1 && yy < TY - (T - 1) &&
              tx >= T - 1 && tx < W - (T - 1) && in)
            B[i][j[p]][k] = l <= steps ? v : rows[p][l - 1][1];
        }
      }
    }
#pragma unroll
    for (int p = 0; p < P; p++)
#pragma unroll
      for (int l = 0; l < T; l++) {
        rows[p][l][0] = rows[p][l][1];
        rows[p][l][1] = rows[p][l][2];
        rows[p][l][2] = nw[p][l];
        if (l > 0)
          ring[((l - 1) * 4 + slot) * PLANE + (ty + p * HT + 1) * RW + tx + 1] =
              nw[p][l];
      }
    slot = slot + 1 == 4 ? 0 : slot + 1;
    __syncthreads();
  }
}

// The same with each thread's P columns adjacent along y, so that the y
// neighbours of all but its first and last column are its own registers.
template <int W, int HT, int P, int T, int CH>
__global__ void __launch_bounds__(W *HT)
    adjacent(const float *__restrict__ Ad, float *__restrict__ Bd, float C0,
             float C1, int steps) {
  const float(*A)[N][N] = (const float(*)[N][N])Ad;
  float(*B)[N][N] = (float(*)[N][N])Bd;
  constexpr int TY = HT * P, RW = W + 2, RH = TY + 2, PLANE = RW * RH;
  constexpr int OWNX = W - 2 * (T - 1), OWNY = TY - 2 * (T - 1);
  extern __shared__ float ring[]; // [T-1][4][RH][RW]
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int k = (int)blockIdx.x * OWNX + tx + 2 - T;
  const int j0 = (int)blockIdx.y * OWNY + ty * P + 2 - T;
  const int first = 1 + (int)blockIdx.z * CH;
  const int last = first + CH < N - 1 ? first + CH : N - 1;
  float rows[P][T][3];
#pragma unroll
  for (int p = 0; p < P; p++)
#pragma unroll
    for (int l = 0; l < T; l++)
      rows[p][l][0] = rows[p][l][1] = rows[p][l][2] = 0;
  float nw[P][T];
  float nxt[P];
#pragma unroll
  for (int p = 0; p < P; p++) {
    const int i = first - T, j = j0 + p;
    nxt[p] =
        0 <= i && i < N && (unsigned)j < N && (unsigned)k < N ? A[i][j][k] : 0;
  }
  int slot = 0;
  const bool kin = (unsigned)(k - 1) < N - 2u;
#pragma unroll 2
  for (int row = first - T; row < last + 2 * T; row++) {
#pragma unroll
    for (int p = 0; p < P; p++) {
      nw[p][0] = nxt[p];
      const int i = row + 1, j = j0 + p;
      nxt[p] =
          0 <= i && i < last + T && i < N && (unsigned)j < N && (unsigned)k < N
              ? A[i][j][k]
              : 0;
    }
#pragma unroll
    for (int p = 0; p < P; p++) {
      const int i = row - 2, j = j0 + p;
      const bool in =
          (unsigned)(i - 1) < N - 2u && (unsigned)(j - 1) < N - 2u && kin;
      if (in) {
        const float south = p > 0 ? rows[p - 1][0][1] : A[i][j - 1][k];
        const float north = p < P - 1 ? rows[p + 1][0][1] : A[i][j + 1][k];
        nw[p][1] =
            C0 * rows[p][0][1] + C1 * (rows[p][0][0] + rows[p][0][2] + south +
                                       north + A[i][j][k - 1] + A[i][j][k + 1]);
      } else {
        nw[p][1] = rows[p][0][1];
      }
    }
#pragma unroll
    for (int l = 2; l <= T; l++) {
      const float *r = ring + ((l - 2) * 4 + (slot + 2) % 4) * PLANE;
#pragma unroll
      for (int p = 0; p < P; p++) {
        const int i = row - 2 * l, j = j0 + p;
        const int y = ty * P + p + 1, x = tx + 1;
        const bool in =
            (unsigned)(i - 1) < N - 2u && (unsigned)(j - 1) < N - 2u && kin;
        const float south = p > 0 ? rows[p - 1][l - 1][1] : r[(y - 1) * RW + x];
        const float north =
            p < P - 1 ? rows[p + 1][l - 1][1] : r[(y + 1) * RW + x];
        const float v = C0 * rows[p][l - 1][1] +
                        C1 * (rows[p][l - 1][0] + rows[p][l - 1][2] + south +
                              north + r[y * RW + x - 1] + r[y * RW + x + 1]);
        if (l < T) {
          nw[p][l] = l <= steps && in ? v : rows[p][l - 1][1];
        } else {
          const int yy = ty * P + p;
          if (i >= first && i < last && yy >= T - 1 && yy < TY - (T - 1) &&
              tx >= T - 1 && tx < W - (T - 1) && in)
            B[i][j][k] = l <= steps ? v : rows[p][l - 1][1];
        }
      }
    }
#pragma unroll
    for (int p = 0; p < P; p++)
#pragma unroll
      for (int l = 0; l < T; l++) {
        rows[p][l][0] = rows[p][l][1];
        rows[p][l][1] = rows[p][l][2];
        rows[p][l][2] = nw[p][l];
        if (l > 0 && l < T - 1 + 1)
          ring[((l - 1) * 4 + slot) * PLANE + (ty * P + p + 1) * RW + tx + 1] =
              nw[p][l];
      }
    slot = slot + 1 == 4 ? 0 : slot + 1;
    __syncthreads();
  }
}

static unsigned hash(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

static const size_t POINTS = (size_t)N * N * N, BYTES = POINTS * sizeof(float);
static const int STEPS = 100;
static float C0 = 0.4f, C1 = 0.1f;
static std::vector<float> init, want;

static float runNaive(float *a, float *b) {
  CHECK(cudaMemcpy(a, init.data(), BYTES, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, init.data(), BYTES, cudaMemcpyHostToDevice));
  dim3 grid(N / 32, N / 4, N / 2), block(32, 4, 2);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  cudaEventRecord(e0);
  for (int s = 0; s < STEPS; s++) {
    naive<<<grid, block>>>(a, b, C0, C1);
    std::swap(a, b);
  }
  cudaEventRecord(e1);
  CHECK(cudaEventSynchronize(e1));
  float ms;
  cudaEventElapsedTime(&ms, e0, e1);
  want.resize(POINTS);
  CHECK(cudaMemcpy(want.data(), a, BYTES, cudaMemcpyDeviceToHost));
  return ms;
}

template <int W, int HT, int P, int T, int CH, bool Adjacent = false>
static void run(float *a, float *b) {
  constexpr int TY = HT * P;
  constexpr int OWNX = W - 2 * (T - 1), OWNY = TY - 2 * (T - 1);
  size_t smem = (size_t)(T > 1 ? T - 1 : 1) * 4 * (TY + 2) * (W + 2) * 4;
  auto kernel = Adjacent ? adjacent<W, HT, P, T, CH> : deep<W, HT, P, T, CH>;
  if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           (int)smem) != cudaSuccess) {
    printf("%c %3d x %2d x P%d T%d ch%3d: %6zu B shared: refused\n",
           Adjacent ? 'a' : 's', W, HT, P, T, CH, smem);
    cudaGetLastError();
    return;
  }
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, kernel);
  int perSM = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, kernel, W * HT, smem);
  dim3 grid((N - 2 + OWNX - 1) / OWNX, (N - 2 + OWNY - 1) / OWNY,
            (N - 2 + CH - 1) / CH),
      block(W, HT);
  float best = 1e30f;
  for (int rep = 0; rep < 3; rep++) {
    CHECK(cudaMemcpy(a, init.data(), BYTES, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, init.data(), BYTES, cudaMemcpyHostToDevice));
    float *x = a, *y = b;
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0);
    for (int s = 0; s < STEPS; s += T) {
      kernel<<<grid, block, smem>>>(x, y, C0, C1,
                                    STEPS - s < T ? STEPS - s : T);
      std::swap(x, y);
    }
    cudaEventRecord(e1);
    CHECK(cudaEventSynchronize(e1));
    CHECK(cudaGetLastError());
    float ms;
    cudaEventElapsedTime(&ms, e0, e1);
    if (ms < best)
      best = ms;
    if (rep == 0) {
      std::vector<float> got(POINTS);
      CHECK(cudaMemcpy(got.data(), x, BYTES, cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (size_t m = 0; m < POINTS; m++)
        bad += memcmp(&got[m], &want[m], 4) != 0;
      if (bad)
        printf("MISMATCH %zu points\n", bad);
    }
  }
  printf("%c %3d x %2d x P%d T%d ch%3d: tile %3dx%3d %6zu B shared, %3d regs, "
         "%d blocks/SM: %8.3f ms %7.1f GStencil/s\n",
         Adjacent ? 'a' : 's', W, HT, P, T, CH, W, TY, smem, attr.numRegs,
         perSM, best, (double)(N - 2) * (N - 2) * (N - 2) * STEPS / best / 1e6);
}

int main() {
  init.resize(POINTS);
  for (size_t m = 0; m < POINTS; m++)
    init[m] = (hash((unsigned)m ^ 0x5bd1e995u) >> 8) / 16777216.0f;
  float *a, *b;
  CHECK(cudaMalloc(&a, BYTES));
  CHECK(cudaMalloc(&b, BYTES));
  printf("N = %d, %d steps\n", N, STEPS);
  float naiveMs = runNaive(a, b);
  printf("naive: %.3f ms\n", naiveMs);
  run<32, 16, 1, 2, 32>(a, b); // the kernel tilec emits today
  run<32, 8, 4, 3, 64, true>(a, b);
  run<64, 4, 4, 2, 32, true>(a, b);
  run<64, 4, 4, 2, 64, true>(a, b);
  run<64, 4, 4, 3, 64, true>(a, b);
  run<64, 4, 4, 4, 64, true>(a, b);
  run<64, 4, 4, 4, 128, true>(a, b);
  run<64, 8, 4, 4, 64, true>(a, b);
  run<64, 8, 4, 4, 128, true>(a, b);
  run<64, 8, 4, 5, 128, true>(a, b);
  run<64, 8, 2, 3, 64, true>(a, b);
  run<64, 8, 2, 4, 64, true>(a, b);
  run<64, 16, 2, 4, 64, true>(a, b);
  run<32, 16, 4, 4, 64, true>(a, b);
  run<128, 4, 2, 3, 64, true>(a, b);
  run<128, 4, 4, 4, 64, true>(a, b);
  run<64, 2, 4, 2, 32, true>(a, b);
  return 0;
}
