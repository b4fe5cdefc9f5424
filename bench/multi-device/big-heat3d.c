/* A 3D heat relaxation on a grid larger than one GPU holds
 * (2800^3 fp32 is two arrays of 88 GB): sizes from the command line
 * (`big-heat3d nz ny nx steps`), arrays on the heap as pointers to planes
 * of a variable-length type, the region in a function taking them as
 * variable-length array parameters. The host's own work (filling the arrays
 * and the checksums) is parallel with OpenMP where the compiler has it, so
 * that a 22-billion-point grid is set up and checked in seconds; each
 * checksum is summed plane by plane and the planes' figures combined in
 * order, so it does not depend on the thread count. The serial program is
 * this file compiled without tilec. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Integer hash of an index mapped to a float in [0,1). */
static float hash01(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (float)(x >> 40) * (1.0f / 16777216.0f);
}

static void init(long nz, long ny, long nx, float A[nz][ny][nx],
                 float B[nz][ny][nx]) {
  long i, j, k;
#pragma omp parallel for private(j, k) schedule(static)
  for (i = 0; i < nz; i++)
    for (j = 0; j < ny; j++)
      for (k = 0; k < nx; k++) {
        uint64_t idx = ((uint64_t)i * ny + j) * nx + k;
        A[i][j][k] = hash01(idx ^ 0x5bd1e995u);
        B[i][j][k] = -1.0f - hash01(idx ^ 0x9e3779b9u);
      }
}

/* Prints the sum (in double) and a 64-bit hash of the array: each plane's
 * sum and FNV-1a hash of its 32-bit words, then the planes' combined in
 * order. */
static void report(const char *name, long nz, long ny, long nx,
                   float v[nz][ny][nx]) {
  double *sums = malloc(sizeof(double) * nz);
  uint64_t *hashes = malloc(sizeof(uint64_t) * nz);
  long i, m;
  if (!sums || !hashes) {
    fprintf(stderr, "big-heat3d: out of memory\n");
    exit(1);
  }
#pragma omp parallel for private(m) schedule(static)
  for (i = 0; i < nz; i++) {
    const float *plane = &v[i][0][0];
    const uint32_t *words = (const uint32_t *)plane;
    double sum = 0.0;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (m = 0; m < ny * nx; m++) {
      sum += plane[m];
      h ^= words[m];
      h *= 0x100000001b3ULL;
    }
    sums[i] = sum;
    hashes[i] = h;
  }
  double sum = 0.0;
  uint64_t h = 0xcbf29ce484222325ULL;
  for (i = 0; i < nz; i++) {
    sum += sums[i];
    h = (h ^ hashes[i]) * 0x100000001b3ULL;
  }
  printf("%s sum %.9e\n", name, sum);
  printf("%s hash %016llx\n", name, (unsigned long long)h);
  printf("%s[%ld][%ld][%ld] %.9e\n", name, nz / 2, ny / 2, nx / 2,
         (double)v[nz / 2][ny / 2][nx / 2]);
  printf("%s[%ld][%ld][%ld] %.9e\n", name, nz - 2, ny / 3, nx - 2,
         (double)v[nz - 2][ny / 3][nx - 2]);
  free(sums);
  free(hashes);
}

static void diffuse(long nz, long ny, long nx, int steps, float A[nz][ny][nx],
                    float B[nz][ny][nx]) {
  const float C0 = 0.4f;
  const float C1 = 0.1f;
  long i, j, k;
  int t;
  /* Keep each #pragma stencil directive on one line. */
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float A[nz][ny][nx]) destination(float B[nz][ny][nx])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < nz - 1; i++)
      for (j = 1; j < ny - 1; j++)
        for (k = 1; k < nx - 1; k++)
          B[i][j][k] = C0 * A[i][j][k] +
                       C1 * (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] +
                             A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]);
#pragma stencil copy
    for (i = 1; i < nz - 1; i++)
      for (j = 1; j < ny - 1; j++)
        for (k = 1; k < nx - 1; k++)
          A[i][j][k] = B[i][j][k];
  }
#pragma stencil end
  // clang-format on
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s nz ny nx steps\n", argv[0]);
    return 1;
  }
  long nz = atol(argv[1]), ny = atol(argv[2]), nx = atol(argv[3]);
  int steps = atoi(argv[4]);
  if (nz < 3 || ny < 3 || nx < 3 || steps < 0) {
    fprintf(stderr, "big-heat3d: sizes must be at least 3, steps >= 0\n");
    return 1;
  }
  float(*A)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  float(*B)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  if (!A || !B) {
    fprintf(stderr, "big-heat3d: out of memory\n");
    return 1;
  }
  init(nz, ny, nx, A, B);

  /* The region's wall time goes to stderr (stdout is compared). */
  struct timespec t_start, t_end;
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  diffuse(nz, ny, nx, steps, A, B);
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  fprintf(stderr, "big-heat3d time %.6f s\n",
          (double)(t_end.tv_sec - t_start.tv_sec) +
              1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec));

  printf("heat3d nx=%ld ny=%ld nz=%ld steps=%d\n", nx, ny, nz, steps);
  report("A", nz, ny, nx, A);
  report("B", nz, ny, nx, B);
  free(A);
  free(B);
  return 0;
}
