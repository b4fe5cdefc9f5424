/* calibrate_opencl.c - Measures the run-time model's device figures with
 * OpenCL: host-to-device and device-to-host transfers of pageable host
 * memory (blocking clEnqueueWrite/ReadBuffer: B1, L1, B3, L3), a copy
 * kernel's device-memory bandwidth (B2, bytes read plus written, profiling
 * events) and the per-launch gap of back-to-back empty kernels (L2). Prints
 * the figures as JSON; tools/calibrate/tilec-calibrate merges them into a
 * profile. Takes the buffer size in MiB (default 1024) and the device
 * index (default 0).
 *
 *   cc -O2 -o calibrate_opencl calibrate_opencl.c -lOpenCL
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(Call)                                                            \
  do {                                                                         \
    cl_int Err_ = (Call);                                                      \
    if (Err_ != CL_SUCCESS) {                                                  \
      fprintf(stderr, "%s:%d: OpenCL error %d\n", __FILE__, __LINE__, Err_);   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

static int cmp(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
}

static double median(double *V, int N) {
  qsort(V, N, sizeof *V, cmp);
  return V[N / 2];
}

static const char *Source =
    "__kernel void copy(__global const float4 *in, __global float4 *out) {\n"
    "  size_t i = get_global_id(0); out[i] = in[i]; }\n"
    "__kernel void empty(void) {}\n";

static cl_command_queue Q;

static double transfer(int Write, cl_mem Buf, void *Host, size_t Bytes,
                       int Reps) {
  double T[64];
  for (int R = -1; R < Reps; ++R) {
    double S = now();
    if (Write)
      CHECK(clEnqueueWriteBuffer(Q, Buf, CL_TRUE, 0, Bytes, Host, 0, NULL,
                                 NULL));
    else
      CHECK(clEnqueueReadBuffer(Q, Buf, CL_TRUE, 0, Bytes, Host, 0, NULL,
                                NULL));
    if (R >= 0)
      T[R] = now() - S;
  }
  return median(T, Reps);
}

int main(int Argc, char **Argv) {
  size_t Big = (size_t)(Argc > 1 ? atoi(Argv[1]) : 1024) << 20;
  int Index = Argc > 2 ? atoi(Argv[2]) : 0;
  cl_platform_id Platforms[8];
  cl_uint NP = 0;
  CHECK(clGetPlatformIDs(8, Platforms, &NP));
  cl_device_id Devices[16];
  cl_uint ND = 0, Seen = 0;
  cl_device_id Dev = NULL;
  for (cl_uint P = 0; P < NP && !Dev; ++P) {
    if (clGetDeviceIDs(Platforms[P], CL_DEVICE_TYPE_ALL, 16, Devices, &ND) !=
        CL_SUCCESS)
      continue;
    for (cl_uint D = 0; D < ND && !Dev; ++D)
      if ((int)Seen++ == Index)
        Dev = Devices[D];
  }
  if (!Dev) {
    fprintf(stderr, "no OpenCL device %d\n", Index);
    return 1;
  }
  char Name[256];
  CHECK(clGetDeviceInfo(Dev, CL_DEVICE_NAME, sizeof Name, Name, NULL));
  cl_int Err;
  cl_context Ctx = clCreateContext(NULL, 1, &Dev, NULL, NULL, &Err);
  CHECK(Err);
  Q = clCreateCommandQueue(Ctx, Dev, CL_QUEUE_PROFILING_ENABLE, &Err);
  CHECK(Err);
  cl_program Prog = clCreateProgramWithSource(Ctx, 1, &Source, NULL, &Err);
  CHECK(Err);
  CHECK(clBuildProgram(Prog, 1, &Dev, "", NULL, NULL));
  cl_kernel Copy = clCreateKernel(Prog, "copy", &Err);
  CHECK(Err);
  cl_kernel Empty = clCreateKernel(Prog, "empty", &Err);
  CHECK(Err);

  char *Host = malloc(Big);
  memset(Host, 1, Big);
  cl_mem A = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Big, NULL, &Err);
  CHECK(Err);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Big, NULL, &Err);
  CHECK(Err);

  double L1 = transfer(1, A, Host, 4, 50);
  double TH2D = transfer(1, A, Host, Big, 5);
  double L3 = transfer(0, A, Host, 4, 50);
  double TD2H = transfer(0, A, Host, Big, 5);
  double B1 = Big / (TH2D - L1), B3 = Big / (TD2H - L3);

  CHECK(clSetKernelArg(Copy, 0, sizeof A, &A));
  CHECK(clSetKernelArg(Copy, 1, sizeof B, &B));
  size_t Global = Big / 16, Local = 256;
  double K[16];
  for (int R = -2; R < 9; ++R) {
    cl_event E;
    CHECK(clEnqueueNDRangeKernel(Q, Copy, 1, NULL, &Global, &Local, 0, NULL,
                                 &E));
    CHECK(clWaitForEvents(1, &E));
    cl_ulong S, F;
    CHECK(clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START, sizeof S, &S,
                                  NULL));
    CHECK(clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof F, &F,
                                  NULL));
    clReleaseEvent(E);
    if (R >= 0)
      K[R] = (F - S) * 1e-9;
  }
  double B2 = 2.0 * Big / median(K, 9);

  size_t One = 1;
  double Gap[5], Sync[5];
  for (int R = 0; R < 5; ++R) {
    CHECK(clFinish(Q));
    double S = now();
    for (int I = 0; I < 1000; ++I)
      CHECK(clEnqueueNDRangeKernel(Q, Empty, 1, NULL, &One, &One, 0, NULL,
                                   NULL));
    CHECK(clFinish(Q));
    Gap[R] = (now() - S) / 1000;
    S = now();
    for (int I = 0; I < 100; ++I) {
      CHECK(clEnqueueNDRangeKernel(Q, Empty, 1, NULL, &One, &One, 0, NULL,
                                   NULL));
      CHECK(clFinish(Q));
    }
    Sync[R] = (now() - S) / 100;
  }
  double L2 = median(Gap, 5), L2Sync = median(Sync, 5);
  double MiB = Big / 1048576.0;

  printf("{\n  \"device\": \"%s\",\n  \"api\": \"opencl\",\n", Name);
  printf("  \"figures\": {\n");
  printf("    \"h2d_bandwidth_gbs\": {\"value\": %.2f, \"note\": \"tilec-calibrate (OpenCL): blocking clEnqueueWriteBuffer of %.0f MiB from pageable memory, median of 5, latency removed\"},\n",
         B1 / 1e9, MiB);
  printf("    \"h2d_latency_us\": {\"value\": %.2f, \"note\": \"tilec-calibrate (OpenCL): 4-byte blocking write, median of 50\"},\n",
         L1 * 1e6);
  printf("    \"kernel_bandwidth_gbs\": {\"value\": %.1f, \"note\": \"tilec-calibrate (OpenCL): float4 copy kernel over %.0f MiB, bytes read plus written, median of 9 (profiling events)\"},\n",
         B2 / 1e9, MiB);
  printf("    \"launch_latency_us\": {\"value\": %.2f, \"note\": \"tilec-calibrate (OpenCL): back-to-back empty kernels in one queue, per launch; launch plus clFinish: %.2f us\"},\n",
         L2 * 1e6, L2Sync * 1e6);
  printf("    \"d2h_bandwidth_gbs\": {\"value\": %.2f, \"note\": \"tilec-calibrate (OpenCL): blocking clEnqueueReadBuffer of %.0f MiB to pageable memory, median of 5, latency removed\"},\n",
         B3 / 1e9, MiB);
  printf("    \"d2h_latency_us\": {\"value\": %.2f, \"note\": \"tilec-calibrate (OpenCL): 4-byte blocking read, median of 50\"}\n",
         L3 * 1e6);
  printf("  }\n}\n");
  return 0;
}
