/* tilec runtime: the small C library that programs emitted by tilec link
 * against. This header carries what the OpenCL and CUDA runtimes share; include
 * tilec_rt_opencl.h or tilec_rt_cuda.h for the API itself.
 *
 * Both runtimes read their settings from the environment so that an emitted
 * program can be retargeted or profiled without rebuilding it:
 *   TILEC_VERBOSE=1     print the selected device to stderr
 *   TILEC_PROFILE=1     time every launch and transfer; print a summary to
 *                       stderr at exit (this makes launches synchronous)
 *   TILEC_CL_PLATFORM   OpenCL platform: index, or substring of its name
 *   TILEC_CL_DEVICE     OpenCL device: index, or substring of its name
 *   TILEC_CUDA_DEVICE   CUDA device index (default 0)
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

/* A loop range known only at run time, checked before any device work:
 * [lower, upper) must lie inside [first, last), the points the stencil may
 * update without reading or writing outside the arrays. An empty range
 * updates nothing and passes. Otherwise the program stops with a message
 * naming the region, loop, values and why, and the user's arrays are left
 * as they were. */
static inline void tilec_check_range(const char *region, const char *loop,
                                     long lower, long upper, long first,
                                     long last, const char *why) {
  if (lower >= upper || (lower >= first && upper <= last))
    return;
  fprintf(stderr,
          "tilec: %s: the %s runs over [%ld, %ld), but %s, so it may run "
          "over [%ld, %ld) at most\n",
          region, loop, lower, upper, why, first, last);
  exit(1);
}

#endif
