/* CUDA host runtime for programs emitted by tilec (see tilec_rt_cuda.h). It is
 * plain C on the CUDA runtime API, so it builds with the host C compiler into
 * libtilec_rt_cuda or with nvcc straight next to the emitted .cu file. */
#include "tilec/tilec_rt_cuda.h"
#include "tilec_rt_internal.h"

static int initialized;
static int profiling;
/* One pair suffices: every timed operation is waited for before the next. */
static cudaEvent_t start_event, stop_event;

/* Exits with "tilec: <call> failed: <name>: <description>" unless `err` is
 * cudaSuccess; `fmt` describes the call and what it worked on. */
static void check(cudaError_t err, const char *fmt, ...) {
  if (err == cudaSuccess)
    return;
  va_list args;
  va_start(args, fmt);
  fputs("tilec: ", stderr);
  vfprintf(stderr, fmt, args);
  fprintf(stderr, " failed: %s: %s\n", cudaGetErrorName(err),
          cudaGetErrorString(err));
  va_end(args);
  exit(EXIT_FAILURE);
}

void tilec_cuda_check(cudaError_t err, const char *call, const char *file,
                      int line) {
  if (err != cudaSuccess)
    tilec_die("%s failed at %s:%d: %s: %s", call, file, line,
              cudaGetErrorName(err), cudaGetErrorString(err));
}

static void report_profile(void) {
  tilec_profile_report();
  /* The process is ending, so failures here are of no interest. */
  cudaEventDestroy(start_event);
  cudaEventDestroy(stop_event);
}

void tilec_cuda_init(void) {
  if (initialized)
    return;
  initialized = 1;
  const char *setting = getenv("TILEC_CUDA_DEVICE");
  int device = 0;
  if (setting != NULL && *setting != '\0') {
    if (!tilec_is_decimal(setting))
      tilec_die("TILEC_CUDA_DEVICE must be a device index, not \"%s\"",
                setting);
    device = atoi(setting);
  }
  check(cudaSetDevice(device), "cudaSetDevice(%d)", device);
  if (tilec_env_flag("TILEC_VERBOSE")) {
    struct cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties(%d)",
          device);
    fprintf(stderr, "tilec: CUDA device %d: %s (compute capability %d.%d)\n",
            device, prop.name, prop.major, prop.minor);
  }
  profiling = tilec_env_flag("TILEC_PROFILE");
  if (profiling) {
    check(cudaEventCreate(&start_event), "cudaEventCreate");
    check(cudaEventCreate(&stop_event), "cudaEventCreate");
    atexit(report_profile);
  }
}

/* Timing brackets work on the default stream, which emitted code uses, so
 * the events order exactly around the timed kernel or copy. */
static void start_timer(const char *name) {
  if (profiling)
    check(cudaEventRecord(start_event, 0), "cudaEventRecord(%s)", name);
}

static void stop_timer(const char *name) {
  if (!profiling)
    return;
  float ms;
  check(cudaEventRecord(stop_event, 0), "cudaEventRecord(%s)", name);
  check(cudaEventSynchronize(stop_event), "cudaEventSynchronize(%s)", name);
  check(cudaEventElapsedTime(&ms, start_event, stop_event),
        "cudaEventElapsedTime(%s)", name);
  tilec_profile_add(name, ms);
}

void *tilec_cuda_alloc(size_t bytes, const char *what) {
  tilec_cuda_init();
  void *device = NULL;
  check(cudaMalloc(&device, bytes), "cudaMalloc(%s, %zu bytes)", what, bytes);
  return device;
}

void tilec_cuda_write(void *device, const void *host, size_t bytes,
                      const char *what) {
  tilec_cuda_init();
  start_timer("[write]");
  check(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice),
        "cudaMemcpy(%s, %zu bytes, host to device)", what, bytes);
  stop_timer("[write]");
}

void tilec_cuda_read(void *host, const void *device, size_t bytes,
                     const char *what) {
  tilec_cuda_init();
  start_timer("[read]");
  check(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost),
        "cudaMemcpy(%s, %zu bytes, device to host)", what, bytes);
  stop_timer("[read]");
}

void tilec_cuda_free(void *device) {
  tilec_cuda_init();
  check(cudaFree(device), "cudaFree");
}

void tilec_cuda_launch_begin(const char *kernel_name) {
  tilec_cuda_init();
  start_timer(kernel_name);
}

void tilec_cuda_launch_end(const char *kernel_name) {
  tilec_cuda_init();
  check(cudaGetLastError(), "launch of kernel %s", kernel_name);
  stop_timer(kernel_name);
}
