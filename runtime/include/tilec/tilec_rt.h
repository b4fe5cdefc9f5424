/* tilec runtime: the small C library that programs emitted by tilec link
 * against. This header carries what the OpenCL and CUDA runtimes share; include
 * tilec_rt_opencl.h or tilec_rt_cuda.h for the API itself.
 *
 * Both runtimes read their settings from the environment so that an emitted
 * program can be retargeted or profiled without rebuilding it:
 *   TILEC_VERBOSE=1     print the selected device to stderr
 *   TILEC_PROFILE=1     time every launch and transfer; print a summary to
 *                       stderr at exit (this makes launches synchronous)
 *   TILEC_STEPS_TIME=1  print at exit the wall time of the regions' steps:
 *                       from each region's first launch after its transfers
 *                       in to its first transfer out, every device done at
 *                       both ends (they are then anyway), so the run is
 *                       timed as it is
 *   TILEC_CL_PLATFORM   OpenCL platform: index, or substring of its name
 *   TILEC_CL_DEVICE     OpenCL device: index, or substring of its name
 *   TILEC_CL_DUMP_BINARY=PREFIX  write each built OpenCL program's binary
 *                       to PREFIX0.bin, PREFIX1.bin, ... (PTX on NVIDIA)
 *   TILEC_CUDA_DEVICE   CUDA device index (default 0)
 *   TILEC_DEVICES       several devices, one slab each: "all" or indices
 *                       separated by commas (CUDA devices, or the OpenCL
 *                       platform's devices); "0,0" puts two slabs on one
 *                       device
 *   TILEC_CUDA_REGISTER=0  copy arrays from pageable memory; by default the
 *                       CUDA runtime page-locks arrays of 32 MiB or more
 *                       while a region uses them (faster transfers)
 * A flag counts as set when its value is non-empty and not "0".
 *
 * The runtime writes only to stderr (stdout belongs to the user's program),
 * stops the process with a message naming the failed call on any error, and
 * is not thread-safe: emitted host code drives it from one thread.
 */
#ifndef TILEC_RT_H
#define TILEC_RT_H

#define TILEC_RT_VERSION_MAJOR 0
#define TILEC_RT_VERSION_MINOR 1
#define TILEC_RT_VERSION "0.1"

/* A compile-time check that emitted C places among statements: the sizes a
 * program is compiled with must be those tilec translated it for. C11 and
 * later say `message`; C99 has no static assertion, so there a failed check
 * is a negative array size, which every compiler rejects. */
#if defined(__cplusplus)
#define TILEC_STATIC_ASSERT(condition, message)                                \
  static_assert(condition, message)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define TILEC_STATIC_ASSERT(condition, message)                                \
  _Static_assert(condition, message)
#else
#define TILEC_STATIC_ASSERT(condition, message)                                \
  ((void)sizeof(char[(condition) ? 1 : -1]))
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>
#include <stdint.h>

/* A loop range known only at run time (or one against an extent known only
 * at run time), checked before any device work: [lower, upper) must lie
 * inside [first, last), the points the stencil may update without reading
 * or writing outside the arrays; `reads` says how far it reads around each
 * point ("" when it does not matter). An empty range updates nothing and
 * passes. Otherwise the program stops with a message naming the region,
 * loop, values and why, and the user's arrays are left as they were. */
static inline void tilec_check_range(const char *region, const char *loop,
                                     long lower, long upper, long first,
                                     long last, const char *reads,
                                     const char *axis, long extent) {
  if (lower >= upper || (lower >= first && upper <= last))
    return;
  fprintf(stderr,
          "tilec: %s: the %s runs over [%ld, %ld), but %sits extent along %s "
          "is %ld, so it may run over [%ld, %ld) at most\n",
          region, loop, lower, upper, reads, axis, extent, first,
          last > first ? last : first);
  exit(1);
}

/* An array extent known only at run time (`data(float u[ny][nx])`), checked
 * before any device work: kernels index with int coordinates, so it must
 * lie in [1, INT_MAX]. Returns it as an int. */
static inline int tilec_check_extent(const char *region, const char *array,
                                     const char *axis, const char *text,
                                     long long extent) {
  if (extent >= 1 && extent <= INT_MAX)
    return (int)extent;
  fprintf(stderr,
          "tilec: %s: the extent of '%s' along %s, %s, is %lld; it must be "
          "between 1 and %d\n",
          region, array, axis, text, extent, INT_MAX);
  exit(1);
}

/* A line length known only at run time (`nx`) where a streaming kernel
 * gives each work item several points along y: it indexes their lines and
 * the halo's from the first point's in int elements, so `lines` lines must
 * fit in an int. */
static inline void tilec_check_lines(const char *region, const char *array,
                                     const char *axis, const char *text,
                                     int extent, int lines) {
  if ((long long)extent * lines < INT_MAX)
    return;
  fprintf(stderr,
          "tilec: %s: the extent of '%s' along %s, %s, is %d; kernels with "
          "several points per work item index %d lines of it in int, so it "
          "must be at most %d (translate with one point per work item for "
          "longer lines)\n",
          region, array, axis, text, extent, lines, (INT_MAX - 1) / lines);
  exit(1);
}

/* The bytes of an array of `count` elements of `size` bytes whose extents
 * are known only at run time: the product must fit in a size_t (and in the
 * 63 bits that device offsets allow). Returns it. */
static inline size_t tilec_check_bytes(const char *region, const char *array,
                                       size_t count, size_t n0, size_t n1,
                                       size_t n2, size_t size) {
  size_t factors[5];
  size_t bytes = 1;
  int i;
  factors[0] = count;
  factors[1] = n0;
  factors[2] = n1;
  factors[3] = n2;
  factors[4] = size;
  for (i = 0; i < 5; i++) {
    if (factors[i] != 0 && bytes > (SIZE_MAX >> 1) / factors[i]) {
      fprintf(stderr,
              "tilec: %s: '%s' would take %zu x %zu x %zu x %zu elements of "
              "%zu bytes, more than this machine can address\n",
              region, array, count, n0, n1, n2, size);
      exit(1);
    }
    bytes *= factors[i];
  }
  return bytes;
}

/* Whether arrays `a` and `b`, each n0 x n1 x n2 elements of `size` bytes in
 * row-major order, hold the same bytes at every point outside the box
 * [lo0, hi0) x [lo1, hi1) x [lo2, hi2) (at every point where the box is
 * empty). A ping-pong pair's sweeps write only inside the box, its calc
 * range; where its arrays agree outside it, every sweep shows the same
 * boundary and the kernels need not read the other array's. Reads only the
 * points outside the box, a row at a time, and stops at the first
 * difference. */
static inline int tilec_same_outside(const void *a, const void *b, size_t size,
                                     long n0, long n1, long n2, long lo0,
                                     long hi0, long lo1, long hi1, long lo2,
                                     long hi2) {
  const char *pa = (const char *)a;
  const char *pb = (const char *)b;
  const size_t row = (size_t)n2 * size;
  long i, j;
  if (lo0 >= hi0 || lo1 >= hi1 || lo2 >= hi2)
    return memcmp(pa, pb, (size_t)n0 * (size_t)n1 * row) == 0;
  lo2 = lo2 < 0 ? 0 : lo2;
  hi2 = hi2 > n2 ? n2 : hi2;
  for (i = 0; i < n0; i++)
    for (j = 0; j < n1; j++) {
      const size_t at = ((size_t)i * (size_t)n1 + (size_t)j) * row;
      if (i < lo0 || i >= hi0 || j < lo1 || j >= hi1) {
        if (memcmp(pa + at, pb + at, row))
          return 0;
        continue;
      }
      if (lo2 > 0 && memcmp(pa + at, pb + at, (size_t)lo2 * size))
        return 0;
      if (hi2 < n2 &&
          memcmp(pa + at + (size_t)hi2 * size, pb + at + (size_t)hi2 * size,
                 (size_t)(n2 - hi2) * size))
        return 0;
    }
  return 1;
}

/* The most slabs a region is cut into (TILEC_DEVICES). */
#define TILEC_MAX_SLABS 64

/* Several devices: slab `slab` of `slabs` owns rows [first, last) along
 * `axis` (of `rows`), and each launch on a neighbouring slab reads up to
 * `halo` rows of them, which must therefore lie in this slab; otherwise the
 * program stops before any device work with a message. */
static inline void tilec_check_slab(const char *region, const char *axis,
                                    int slab, int slabs, long first, long last,
                                    long rows, long halo) {
  long need = halo > 1 ? halo : 1;
  if (slabs <= 1 || last - first >= need)
    return;
  fprintf(stderr,
          "tilec: %s: %d devices cut its %ld rows along %s into slabs too "
          "thin: slab %d holds rows [%ld, %ld), but each slab must hold at "
          "least %ld (the rows a launch reads beyond a neighbouring slab); use "
          "fewer devices (TILEC_DEVICES)\n",
          region, slabs, rows, axis, slab, first, last, need);
  exit(1);
}

/* Host memory the emitted code needs for a moment (partial results). */
static inline void *tilec_host_alloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "tilec: out of host memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

/* A count computed from run-time extents, at least 1 (buffers of partial
 * results must not be empty even when no group runs). */
static inline size_t tilec_count_or_one(long long count) {
  return count > 0 ? (size_t)count : 1;
}

#endif
