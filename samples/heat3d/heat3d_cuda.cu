/* heat3d_cuda.cu: hand-written naive CUDA version of
 * samples/heat3d/heat3d_plain.c, the "naive CUDA" baseline of the benchmark.
 * Everything outside main (sizes, arrays, initialisation, printing) is copied
 * verbatim from the serial program, so the two print the same lines; main runs
 * the time loop on the GPU: one thread per interior point, and a swap of the
 * two device buffers instead of the copy loop. Build: nvcc -O3 -arch=sm_90
 * -fmad=false heat3d_cuda.cu (-fmad=false keeps the arithmetic bit-identical to
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
#define NY 256
#endif
#ifndef NZ
#define NZ 256
#endif
#ifndef STEPS
#define STEPS 100
#endif

/* The element type: float, or double with -DDATA_TYPE_IS_DOUBLE. */
#ifdef DATA_TYPE_IS_DOUBLE
typedef double real;
#else
typedef float real;
#endif

real A[NZ][NY][NX];
real B[NZ][NY][NX];

/* Integer hash of an index mapped to a float in [0,1). */
static float hash01(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return (float)(x >> 8) * (1.0f / 16777216.0f);
}

/* A gets hash values in [0,1), B gets different values in (-2,-1]
 * everywhere, including the boundary cells the stencil never writes. */
static void init(void) {
  int i, j, k;
  for (i = 0; i < NZ; i++) {
    for (j = 0; j < NY; j++) {
      for (k = 0; k < NX; k++) {
        unsigned int idx = ((unsigned int)i * NY + j) * NX + k;
        A[i][j][k] = hash01(idx ^ 0x5bd1e995u);
        B[i][j][k] = -1.0f - hash01(idx ^ 0x9e3779b9u);
      }
    }
  }
}

/* Prints the sum (in double) and the FNV-1a 64-bit hash of n elements. */
static void report(const char *name, const real *v, unsigned long n) {
  const unsigned char *bytes = (const unsigned char *)v;
  unsigned long long h = 0xcbf29ce484222325ULL;
  double sum = 0.0;
  unsigned long m;
  for (m = 0; m < n; m++)
    sum += v[m];
  for (m = 0; m < n * sizeof(real); m++) {
    h ^= bytes[m];
    h *= 0x100000001b3ULL;
  }
  printf("%s sum %.9e\n", name, sum);
  printf("%s hash %016llx\n", name, h);
}

static void probe(const char *name, real v[NZ][NY][NX], int z, int y, int x) {
  printf("%s[%d][%d][%d] %.9e\n", name, z, y, x, (double)v[z][y][x]);
}

static void print_array(const char *name, real v[NZ][NY][NX]) {
  report(name, &v[0][0][0], (unsigned long)NZ * NY * NX);
  probe(name, v, 0, 0, 0);                /* corner */
  probe(name, v, 0, NY / 2, NX / 2);      /* boundary face */
  probe(name, v, NZ / 2, NY / 2, NX / 2); /* centre */
  probe(name, v, 1, 1, 1);                /* next to the corner */
  probe(name, v, NZ - 2, NY / 3, NX - 2); /* next to the boundary */
  probe(name, v, NZ - 1, NY - 1, NX - 1); /* far corner */
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
              "heat3d_cuda needs interior points");
static_assert((double)NX * NY * NZ < 2147483648.0, "int indices");

/* One thread per interior point (i, j, k) = (z, y, x), x fastest; same
 * expression as the serial loop. */
__global__ void heat3d_step(const real *__restrict__ in,
                            real *__restrict__ out, real c0, real c1) {
  int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int i = blockIdx.z * blockDim.z + threadIdx.z + 1;
  if (k < NX - 1 && j < NY - 1 && i < NZ - 1) {
    int idx = (i * NY + j) * NX + k;
    out[idx] = c0 * in[idx] +
               c1 * (in[idx - NY * NX] + in[idx + NY * NX] + in[idx - NX] +
                     in[idx + NX] + in[idx - 1] + in[idx + 1]);
  }
}

int main(void) {
  const real C0 = 0.4;
  const real C1 = 0.1;
  const size_t bytes = sizeof(real) * NZ * NY * NX;
  real *d_in, *d_out;
  cudaEvent_t start, stop;
  float kernel_ms = 0.0f;
  int t, i, j, k;

  init();
  /* The time loop's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);

  /* Both device buffers start as copies of A: the kernel never writes the
   * boundary, so after any number of swaps both hold A's boundary. */
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaMemcpy(d_in, A, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_out, A, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  const dim3 block(32, 4, 2);
  const dim3 grid((NX - 2 + block.x - 1) / block.x,
                  (NY - 2 + block.y - 1) / block.y,
                  (NZ - 2 + block.z - 1) / block.z);
  /* kernel_ms: one event pair around the whole time loop, which holds only
   * the kernel launches (and pointer swaps on the host); the transfers are
   * outside it. */
  CUDA_CHECK(cudaEventRecord(start));
  for (t = 0; t < STEPS; t++) {
    heat3d_step<<<grid, block>>>(d_in, d_out, C0, C1);
    CUDA_CHECK(cudaGetLastError());
    real *tmp = d_in; /* the buffer swap replaces the copy loop */
    d_in = d_out;
    d_out = tmp;
  }
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(&kernel_ms, start, stop));
  fprintf(stderr, "kernel_ms %.3f\n", kernel_ms);

  /* d_in holds the last step with A's boundary: exactly the serial A. The
   * serial B is the last step on the interior and B's own (never written)
   * boundary, i.e. B with A's interior once at least one step ran. */
  CUDA_CHECK(cudaMemcpy(A, d_in, bytes, cudaMemcpyDeviceToHost));
  if (STEPS > 0)
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          B[i][j][k] = A[i][j][k];

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "heat3d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("heat3d nx=%d ny=%d nz=%d steps=%d\n", NX, NY, NZ, STEPS);
  print_array("A", A);
  print_array("B", B);
  return 0;
}
