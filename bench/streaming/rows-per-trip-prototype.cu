// A prototype, by hand and outside tilec, of the 2D streaming kernel with
// R rows per trip of the row loop (what EBISU does with its LOCAL_TILE_Y):
// each level computes R rows per trip, one barrier per trip, and lags the
// level below by one trip (R rows). A level's rows above and below come
// from the level below's registers (the row after the trip's last one from
// the value that level computed earlier in the same trip), its neighbours
// in the row from a ring of two slots of R rows. One barrier per R rows
// instead of per row, and R independent rows per level for latency, so
// that long chunks and few groups might still keep the SM busy; a chunk
// walks about as many rows besides its own as tilec's kernel does at
// R = 2 (levels two rows apart there), more at R = 4.
//
// heat2d's update in double (B = C0 * A + C1 * (N + S + W + E), boundary
// fixed), checked exactly against the serial loop at a ragged size, then
// timed for 100 steps at 2048^2 (and 8192^2) for several W, R, T and
// chunks; tilec's kernels are timed beside it in the same run
// (docs/data/h100-2026-11-28-rows-per-trip.txt).
//   nvcc -O3 -arch=sm_90 -fmad=false -o rpt rows-per-trip-prototype.cu
//   ./rpt
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(err));                                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const double C0 = 0.6, C1 = 0.1;

// One launch: T steps from A to B on rows [y0, y1) of each group's chunk.
// Group g along x covers columns g * (W - 2T) - T + [0, W) and owns the
// middle W - 2T.
template <int W, int R, int T>
__global__ void __launch_bounds__(W)
    rows_per_trip(const double *__restrict__ A, double *__restrict__ B, int nx,
                  int ny, int chunk, int steps) {
  extern __shared__ double ring[]; // [T - 1][2][R][W]
  const int tx = threadIdx.x;
  const int x = blockIdx.x * (W - 2 * T) - T + tx;
  const int y0 = blockIdx.y * chunk;
  const int y1 = min(y0 + chunk, ny);
  const bool x_inside = x >= 0 && x < nx;
  const bool x_interior = x >= 1 && x < nx - 1;
  const bool x_owned = tx >= T && tx < W - T && x_interior;
  // Per level 0 .. T - 1 (the inputs of levels 1 .. T): the row before the
  // last trip's rows, the last trip's R rows, this trip's R rows.
  double prev[T], cur[T][R], nw[T + 1][R];
  double next[R];
#pragma unroll
  for (int l = 0; l < T; l++) {
    prev[l] = 0;
#pragma unroll
    for (int j = 0; j < R; j++)
      cur[l][j] = 0;
  }
  // Level l at trip k works on rows R * (k - l) + j. The first trip loads
  // rows from y0 - T - 1 on (floor), the last gives level T's row y1 - 1.
  int k0 = y0 - T - 1;
  k0 = (k0 >= 0 ? k0 : k0 - (R - 1)) / R;
  const int k1 = (y1 + R - 1) / R + T;
#pragma unroll
  for (int j = 0; j < R; j++) {
    int r = R * k0 + j;
    next[j] = x_inside && r >= 0 && r < ny ? A[(size_t)r * nx + x] : 0;
  }
  for (int k = k0; k < k1; k++) {
    const int slot = k & 1;
#pragma unroll
    for (int j = 0; j < R; j++) {
      nw[0][j] = next[j];
      int r = R * (k + 1) + j;
      next[j] = x_inside && r >= 0 && r < ny ? A[(size_t)r * nx + x] : 0;
    }
#pragma unroll
    for (int l = 1; l <= T; l++) {
      const double *below =
          ring + (l >= 2 ? ((l - 2) * 2 + (1 - slot)) * R * W : 0);
#pragma unroll
      for (int j = 0; j < R; j++) {
        const int r = R * (k - l) + j;
        double up = j == 0 ? prev[l - 1] : cur[l - 1][j - 1];
        double c = cur[l - 1][j];
        double down = j == R - 1 ? nw[l - 1][0] : cur[l - 1][j + 1];
        double w, e;
        if (l == 1) {
          bool in = x >= 1 && x < nx - 1 && r >= 0 && r < ny;
          w = in ? A[(size_t)r * nx + x - 1] : 0;
          e = in ? A[(size_t)r * nx + x + 1] : 0;
        } else {
          w = tx > 0 ? below[j * W + tx - 1] : 0;
          e = tx < W - 1 ? below[j * W + tx + 1] : 0;
        }
        double v = C0 * c + C1 * (up + down + w + e);
        nw[l][j] = l <= steps && x_interior && r >= 1 && r < ny - 1 ? v : c;
      }
      if (l < T) {
        double *mine = ring + ((l - 1) * 2 + slot) * R * W;
#pragma unroll
        for (int j = 0; j < R; j++)
          mine[j * W + tx] = nw[l][j];
      }
    }
#pragma unroll
    for (int j = 0; j < R; j++) {
      const int r = R * (k - T) + j;
      if (x_owned && r >= y0 && r < y1 && r >= 1 && r < ny - 1)
        B[(size_t)r * nx + x] = nw[T][j]; // levels past `steps` pass through
    }
#pragma unroll
    for (int l = 0; l < T; l++) {
      prev[l] = cur[l][R - 1];
#pragma unroll
      for (int j = 0; j < R; j++)
        cur[l][j] = nw[l][j];
    }
    __syncthreads();
  }
}

static void serial(std::vector<double> &a, std::vector<double> &b, int nx,
                   int ny, int steps) {
  for (int t = 0; t < steps; t++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        b[(size_t)j * nx + i] =
            C0 * a[(size_t)j * nx + i] +
            C1 * (a[(size_t)(j - 1) * nx + i] + a[(size_t)(j + 1) * nx + i] +
                  a[(size_t)j * nx + i - 1] + a[(size_t)j * nx + i + 1]);
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        a[(size_t)j * nx + i] = b[(size_t)j * nx + i];
  }
}

static void init(std::vector<double> &a, int nx, int ny) {
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      a[(size_t)j * nx + i] = (double)((i * 37 + j * 11) % 101) / 7.0;
}

// Runs `steps` steps on the GPU; returns the kernel time in ms.
template <int W, int R, int T>
static float run(std::vector<double> &host, int nx, int ny, int steps,
                 int chunk) {
  size_t bytes = (size_t)nx * ny * sizeof(double);
  double *a, *b;
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemcpy(a, host.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, host.data(), bytes, cudaMemcpyHostToDevice));
  int shared = (T - 1) * 2 * R * W * (int)sizeof(double);
  CHECK(cudaFuncSetAttribute(rows_per_trip<W, R, T>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             shared));
  dim3 grid((nx + (W - 2 * T) - 1 + T) / (W - 2 * T), (ny + chunk - 1) / chunk);
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  for (int done = 0; done < steps; done += T) {
    int s = steps - done < T ? steps - done : T;
    rows_per_trip<W, R, T><<<grid, W, shared>>>(a, b, nx, ny, chunk, s);
    std::swap(a, b);
  }
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  CHECK(cudaGetLastError());
  float ms;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaMemcpy(host.data(), a, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return ms;
}

template <int W, int R, int T> static void config(const char *name) {
  // Exact against the serial loop at a ragged size and step count.
  int nx = 1001, ny = 777, steps = 37;
  std::vector<double> ref((size_t)nx * ny), tmp((size_t)nx * ny);
  init(ref, nx, ny);
  tmp = ref;
  std::vector<double> gpu = ref;
  serial(ref, tmp, nx, ny, steps);
  run<W, R, T>(gpu, nx, ny, steps, 64);
  bool same = memcmp(ref.data(), gpu.data(), ref.size() * sizeof(double)) == 0;
  printf("%s W=%d R=%d T=%d check %s\n", name, W, R, T,
         same ? "exact" : "DIFFERS");
  for (int n : {2048, 8192}) {
    std::vector<double> big((size_t)n * n);
    for (int chunk : {64, 128, 256}) {
      init(big, n, n);
      run<W, R, T>(big, n, n, 8, chunk); // warm-up
      init(big, n, n);
      float best = 1e30f;
      for (int rep = 0; rep < 3; rep++) {
        float ms = run<W, R, T>(big, n, n, 100, chunk);
        best = ms < best ? ms : best;
      }
      printf("%s W=%d R=%d T=%d n=%d chunk=%d: %.3f ms, %.1f GStencil/s\n",
             name, W, R, T, n, chunk, best, (double)n * n * 100 / best / 1e6);
    }
  }
}

int main() {
  config<128, 1, 8>("rpt");
  config<128, 2, 8>("rpt");
  config<128, 4, 8>("rpt");
  config<256, 2, 8>("rpt");
  config<256, 4, 8>("rpt");
  config<256, 4, 12>("rpt");
  config<64, 4, 8>("rpt");
  return 0;
}
