/* himeno_cuda.cu: hand-written naive CUDA version of
 * samples/himeno/himeno_plain.c, the "naive CUDA" baseline of the benchmark.
 * Everything outside main (sizes, arrays, initialisation, printing) is copied
 * verbatim from the serial program, so the two print the same lines; main runs
 * the time loop on the GPU: one thread per interior point, and a swap of the
 * two device buffers instead of the copy loop. Build: nvcc -O3 -arch=sm_90
 * -fmad=false himeno_cuda.cu (-fmad=false keeps the arithmetic bit-identical to
 * the serial program). Prints the summed kernel time as "kernel_ms <ms>" on
 * stderr. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>

#ifndef NX
#define NX 256
#endif
#ifndef NY
#define NY 128
#endif
#ifndef NZ
#define NZ 128
#endif
#ifndef STEPS
#define STEPS 100
#endif

float p[NZ][NY][NX];
float a[4][NZ][NY][NX];
float b[3][NZ][NY][NX];
float c[3][NZ][NY][NX];
float bnd[NZ][NY][NX];
float wrk1[NZ][NY][NX];
float wrk2[NZ][NY][NX];
float omega = 0.8f;

/* Integer hash of an index mapped to a float in [0,1). */
static float hash01(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return (float)(x >> 8) * (1.0f / 16777216.0f);
}

/* Himeno initialisation, perturbed to exercise more of the translator: b and
 * wrk1 get small index-hash values (so the b cross terms and wrk1 matter
 * everywhere) and wrk2 is 0 on the boundary, where the stencil never writes,
 * instead of a copy of p. */
static void init(void) {
  int i, j, k, m;
  for (i = 0; i < NZ; i++) {
    for (j = 0; j < NY; j++) {
      for (k = 0; k < NX; k++) {
        unsigned int idx = ((unsigned int)i * NY + j) * NX + k;
        int border = i == 0 || i == NZ - 1 || j == 0 || j == NY - 1 || k == 0 ||
                     k == NX - 1;
        for (m = 0; m < 3; m++) {
          a[m][i][j][k] = 1.0f;
          b[m][i][j][k] =
              0.01f * hash01((idx * 3u + (unsigned int)m) ^ 0x5bd1e995u);
          c[m][i][j][k] = 1.0f;
        }
        a[3][i][j][k] = 1.0f / 6.0f;
        bnd[i][j][k] = 1.0f;
        wrk1[i][j][k] = 0.001f * hash01(idx ^ 0x9e3779b9u);
        p[i][j][k] = (float)(i * i) / (float)((NZ - 1) * (NZ - 1));
        wrk2[i][j][k] = border ? 0.0f : p[i][j][k];
      }
    }
  }
}

/* Prints the sum (in double) and the FNV-1a 64-bit hash of n floats. */
static void report(const char *name, const float *v, unsigned long n) {
  const unsigned char *bytes = (const unsigned char *)v;
  unsigned long long h = 0xcbf29ce484222325ULL;
  double sum = 0.0;
  unsigned long m;
  for (m = 0; m < n; m++)
    sum += v[m];
  for (m = 0; m < n * sizeof(float); m++) {
    h ^= bytes[m];
    h *= 0x100000001b3ULL;
  }
  printf("%s sum %.9e\n", name, sum);
  printf("%s hash %016llx\n", name, h);
}

static void probe(const char *name, float v[NZ][NY][NX], int z, int y, int x) {
  printf("%s[%d][%d][%d] %.9e\n", name, z, y, x, (double)v[z][y][x]);
}

static void print_array(const char *name, float v[NZ][NY][NX]) {
  report(name, &v[0][0][0], (unsigned long)NZ * NY * NX);
  probe(name, v, 0, 0, 0);                /* corner */
  probe(name, v, NZ - 1, NY / 2, NX / 2); /* boundary face */
  probe(name, v, NZ / 2, NY / 2, NX / 2); /* centre */
  probe(name, v, 1, 1, 1);                /* next to the corner */
  probe(name, v, NZ - 2, NY / 3, NX - 2); /* next to the boundary */
  probe(name, v, NZ / 3, NY - 1, NX / 4); /* boundary face */
}

/* Aborts with the failing call, file and line on any CUDA error. */
#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,            \
              cudaGetErrorString(err_));                                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static_assert(NX >= 3 && NY >= 3 && NZ >= 3,
              "himeno_cuda needs interior points");
static_assert((double)NX * NY * NZ < 2147483648.0, "int indices");

#define BX 32
#define BY 4
#define BZ 2
#define NPTS (NZ * NY * NX)

/* One thread per interior point (i, j, k) = (z, y, x), x fastest. The update
 * is the serial expression term by term, in the same order. Each block sums
 * its ss * ss in shared memory (a tree, so the order differs from the serial
 * float loop) and adds the block's sum to *gosa with atomicAdd. a, b and c
 * hold their components one after another, as the host arrays do. */
__global__ void
himeno_step(const float *__restrict__ p, const float *__restrict__ a,
            const float *__restrict__ b, const float *__restrict__ c,
            const float *__restrict__ bnd, const float *__restrict__ wrk1,
            float *__restrict__ wrk2, float omega, float *__restrict__ gosa) {
  __shared__ float partial[BX * BY * BZ];
  const int k = blockIdx.x * BX + threadIdx.x + 1;
  const int j = blockIdx.y * BY + threadIdx.y + 1;
  const int i = blockIdx.z * BZ + threadIdx.z + 1;
  const int tid = (threadIdx.z * BY + threadIdx.y) * BX + threadIdx.x;
  const int si = NY * NX; /* stride of i (z) */
  const int sj = NX;      /* stride of j (y) */
  float ss2 = 0.0f;
  if (k < NX - 1 && j < NY - 1 && i < NZ - 1) {
    const int x = (i * NY + j) * NX + k;
    float s0 =
        a[0 * NPTS + x] * p[x + si] + a[1 * NPTS + x] * p[x + sj] +
        a[2 * NPTS + x] * p[x + 1] +
        b[0 * NPTS + x] * (p[x + si + sj] - p[x + si - sj] - p[x - si + sj] +
                           p[x - si - sj]) +
        b[1 * NPTS + x] *
            (p[x + sj + 1] - p[x - sj + 1] - p[x + sj - 1] + p[x - sj - 1]) +
        b[2 * NPTS + x] *
            (p[x + si + 1] - p[x - si + 1] - p[x + si - 1] + p[x - si - 1]) +
        c[0 * NPTS + x] * p[x - si] + c[1 * NPTS + x] * p[x - sj] +
        c[2 * NPTS + x] * p[x - 1] + wrk1[x];
    float ss = (s0 * a[3 * NPTS + x] - p[x]) * bnd[x];
    ss2 = ss * ss;
    wrk2[x] = p[x] + omega * ss;
  }
  partial[tid] = ss2;
  __syncthreads();
  for (int s = BX * BY * BZ / 2; s > 0; s >>= 1) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(gosa, partial[0]);
}

int main(void) {
  float gosa = 0.0f;
  const size_t bytes = sizeof(float) * NPTS;
  float *d_p, *d_wrk2, *d_a, *d_b, *d_c, *d_bnd, *d_wrk1, *d_gosa;
  cudaEvent_t start, stop;
  float kernel_ms = 0.0f;
  int n, i, j, k;

  init();
  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);

  /* p and wrk2 swap roles every step; both start as copies of p, so both
   * hold p's boundary, which the kernel never writes. */
  CUDA_CHECK(cudaMalloc(&d_p, bytes));
  CUDA_CHECK(cudaMalloc(&d_wrk2, bytes));
  CUDA_CHECK(cudaMalloc(&d_a, 4 * bytes));
  CUDA_CHECK(cudaMalloc(&d_b, 3 * bytes));
  CUDA_CHECK(cudaMalloc(&d_c, 3 * bytes));
  CUDA_CHECK(cudaMalloc(&d_bnd, bytes));
  CUDA_CHECK(cudaMalloc(&d_wrk1, bytes));
  /* One gosa slot per step, zeroed once, so the loop holds launches only. */
  CUDA_CHECK(cudaMalloc(&d_gosa, sizeof(float) * (STEPS + 1)));
  CUDA_CHECK(cudaMemset(d_gosa, 0, sizeof(float) * (STEPS + 1)));
  CUDA_CHECK(cudaMemcpy(d_p, p, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_wrk2, p, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_a, a, 4 * bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, b, 3 * bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_c, c, 3 * bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_bnd, bnd, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_wrk1, wrk1, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  const dim3 block(BX, BY, BZ);
  const dim3 grid((NX - 2 + BX - 1) / BX, (NY - 2 + BY - 1) / BY,
                  (NZ - 2 + BZ - 1) / BZ);
  /* kernel_ms: one event pair around the whole time loop, which holds only
   * the kernel launches (and pointer swaps on the host); the transfers and
   * the zeroing of gosa are outside it. */
  CUDA_CHECK(cudaEventRecord(start));
  for (n = 0; n < STEPS; n++) {
    himeno_step<<<grid, block>>>(d_p, d_a, d_b, d_c, d_bnd, d_wrk1, d_wrk2,
                                 omega, d_gosa + n);
    CUDA_CHECK(cudaGetLastError());
    float *tmp = d_p; /* the buffer swap replaces the copy loop p = wrk2 */
    d_p = d_wrk2;
    d_wrk2 = tmp;
  }
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(&kernel_ms, start, stop));
  fprintf(stderr, "kernel_ms %.3f\n", kernel_ms);

  /* d_p holds the last step with p's boundary: exactly the serial p. The
   * serial wrk2 is the last step on the interior and its own (never written)
   * boundary, i.e. wrk2 with p's interior once at least one step ran; gosa is
   * the last step's sum (0 without steps, as in the serial program). */
  CUDA_CHECK(cudaMemcpy(p, d_p, bytes, cudaMemcpyDeviceToHost));
  if (STEPS > 0) {
    CUDA_CHECK(cudaMemcpy(&gosa, d_gosa + (STEPS - 1), sizeof(float),
                          cudaMemcpyDeviceToHost));
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          wrk2[i][j][k] = p[i][j][k];
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_p));
  CUDA_CHECK(cudaFree(d_wrk2));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));
  CUDA_CHECK(cudaFree(d_bnd));
  CUDA_CHECK(cudaFree(d_wrk1));
  CUDA_CHECK(cudaFree(d_gosa));
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "himeno time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("himeno nx=%d ny=%d nz=%d steps=%d\n", NX, NY, NZ, STEPS);
  print_array("p", p);
  print_array("wrk2", wrk2);
  printf("gosa %.9e\n", (double)gosa);
  return 0;
}
