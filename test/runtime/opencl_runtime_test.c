/* End-to-end check of the OpenCL runtime on whatever device it selects (pocl
 * on machines without a GPU): kernel build and caching, copies, arguments, a
 * launch, and launches and buffers of size zero. Reports only on stderr, as
 * the TILEC_PROFILE test requires stdout to stay empty. */
#include "tilec/tilec_rt_opencl.h"

#include <stdio.h>
#include <string.h>

/* In two parts, as emitted programs are: the runtime joins them. */
static const char *const source[] = {
    "__kernel void saxpy(const int n, const float a, __global const float *x,\n"
    "                    __global float *y) {\n",
    "  int i = get_global_id(0);\n"
    "  if (i < n)\n"
    "    y[i] = a * x[i] + y[i];\n"
    "}\n"};

enum { N = 1000, LOCAL = 64 };

/* Whether the first device of `kernel`'s context takes NVIDIA's compiler
 * options (the runtime adds -cl-nv-maxrregcount only there). */
static int takes_nv_options(cl_kernel kernel) {
  cl_context context;
  cl_device_id device;
  char extensions[8192] = "";
  if (clGetKernelInfo(kernel, CL_KERNEL_CONTEXT, sizeof context, &context,
                      NULL) != CL_SUCCESS ||
      clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof device, &device,
                       NULL) != CL_SUCCESS ||
      clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof extensions - 1,
                      extensions, NULL) != CL_SUCCESS)
    return 0;
  return strstr(extensions, "cl_nv_compiler_options") != NULL;
}

static int failures;

static void expect(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "opencl_runtime_test: %s\n", what);
    failures++;
  }
}

/* Small integers keep saxpy exact in float, so results compare with ==. */
static void expect_saxpy_result(const float *y, const char *when) {
  for (int i = 0; i < N; i++) {
    float expected = 2.0f * (float)i + 1.0f;
    if (y[i] != expected) {
      fprintf(stderr, "opencl_runtime_test: %s: y[%d] = %g, expected %g\n",
              when, i, y[i], expected);
      failures++;
      return;
    }
  }
}

/* Runs `kernel` (saxpy) once with a = 2 on x and the buffer `dy`, reads
 * `dy` back into `y` and checks y = 2x + 1 (`dy` held ones). */
static void run_saxpy(cl_kernel kernel, cl_mem dx, cl_mem dy, float *y,
                      const char *when) {
  int n = N;
  float a = 2.0f;
  tilec_cl_arg(kernel, 0, sizeof n, &n);
  tilec_cl_arg(kernel, 1, sizeof a, &a);
  tilec_cl_arg(kernel, 2, sizeof dx, &dx);
  tilec_cl_arg(kernel, 3, sizeof dy, &dy);
  size_t global = (N + LOCAL - 1) / LOCAL * LOCAL, local = LOCAL;
  tilec_cl_launch(kernel, 1, &global, &local);
  tilec_cl_read(dy, y, N * sizeof *y, "y");
  expect_saxpy_result(y, when);
}

int main(void) {
  static float x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }

  cl_kernel saxpy = tilec_cl_kernel(source, 2, "-cl-std=CL1.2", "saxpy");
  expect(tilec_cl_kernel(source, 2, "-cl-std=CL1.2", "saxpy") == saxpy,
         "same source, options and name did not return the cached kernel");
  expect(tilec_cl_kernel(source, 2, "-DUNUSED=1", "saxpy") != saxpy,
         "different build options returned the same kernel");
  /* A register bound is a build option of NVIDIA's only: elsewhere (pocl)
   * asking for one must not change the options, or the build would fail. */
  cl_kernel bounded =
      tilec_cl_kernel_bounded(source, 2, "-cl-std=CL1.2", "saxpy", 80);
  expect(bounded ==
             tilec_cl_kernel_bounded(source, 2, "-cl-std=CL1.2", "saxpy", 80),
         "the bounded kernel was built twice");
  expect((bounded != saxpy) == takes_nv_options(saxpy),
         "a register bound was asked for where the platform has no option "
         "for it, or not asked for where it has");

  cl_mem dx = tilec_cl_alloc(sizeof x, "x");
  cl_mem dy = tilec_cl_alloc(sizeof y, "y");
  tilec_cl_write(dx, x, sizeof x, "x");
  tilec_cl_write(dy, y, sizeof y, "y");
  run_saxpy(saxpy, dx, dy, y, "after one launch");

  /* The bounded kernel computes the same, into a buffer of ones again.
   * TILEC_PROFILE counts its launch with saxpy's (runtime.opencl.profile: 2
   * launches, 3 writes and 3 reads in all). */
  static float z[N];
  for (int i = 0; i < N; i++)
    z[i] = 1.0f;
  cl_mem dz = tilec_cl_alloc(sizeof z, "z");
  tilec_cl_write(dz, z, sizeof z, "z");
  run_saxpy(bounded, dx, dz, z, "after a launch of the bounded kernel");
  tilec_cl_release(dz);

  /* Had either of these run, y would have changed again. */
  size_t empty = 0, empty_2d[2] = {N, 0}, local = LOCAL;
  tilec_cl_launch(saxpy, 1, &empty, &local);
  tilec_cl_launch(saxpy, 2, empty_2d, NULL);
  tilec_cl_read(dy, y, sizeof y, "y");
  expect_saxpy_result(y, "after launches over empty ranges");

  cl_mem nothing = tilec_cl_alloc(0, "nothing");
  expect(nothing == NULL, "a zero-byte allocation returned a buffer");
  tilec_cl_write(nothing, x, 0, "nothing");
  tilec_cl_read(nothing, y, 0, "nothing");
  tilec_cl_release(nothing);

  int fp64 = tilec_cl_device_supports_fp64();
  expect(fp64 == 0 || fp64 == 1, "fp64 support is not a boolean");

  tilec_cl_release(dx);
  tilec_cl_release(dy);
  return failures == 0 ? 0 : 1;
}
