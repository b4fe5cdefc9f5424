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

/* Host arrays this runtime registered (page-locked) for their transfers,
 * each until the device buffer it was first copied into is freed, which
 * emitted code does at the end of leave(), after every read back.
 * Measured on an H200 (bench/transfers): pageable copies run at about 7
 * GB/s to the device and 11.5 GB/s back, registered ones at 55 GB/s both
 * ways; registering costs about 53 ms per GiB and unregistering 19, so it
 * pays from a few tens of MiB: a 1 GiB array copied in and read back takes
 * 112 ms instead of 246. Staging through pinned chunks with one host
 * thread ran at 6 GB/s, slower than pageable copies. */
enum { max_registered = 64 };
static const size_t register_min_bytes = (size_t)32 << 20;
static struct {
  const void *host;
  size_t bytes;
  const void *owner; /* the device buffer of the first write */
} registered[max_registered];
static int registered_count;

static int is_registered(const void *host, size_t bytes) {
  for (int i = 0; i < registered_count; ++i)
    if ((const char *)host >= (const char *)registered[i].host &&
        (const char *)host + bytes <=
            (const char *)registered[i].host + registered[i].bytes)
      return 1;
  return 0;
}

/* Registers `host` for a transfer into `device` when that pays and is
 * allowed (TILEC_CUDA_REGISTER=0 turns it off); where the driver refuses
 * (memory the program registered itself, say), the copy stays pageable. */
static void register_for_transfer(const void *host, size_t bytes,
                                  const void *device) {
  const char *setting = getenv("TILEC_CUDA_REGISTER");
  if (bytes < register_min_bytes || registered_count == max_registered ||
      (setting != NULL && *setting != '\0' && strcmp(setting, "0") == 0) ||
      is_registered(host, bytes))
    return;
  if (cudaHostRegister((void *)host, bytes, cudaHostRegisterDefault) !=
      cudaSuccess) {
    (void)cudaGetLastError(); /* not sticky: clear it */
    return;
  }
  registered[registered_count].host = host;
  registered[registered_count].bytes = bytes;
  registered[registered_count].owner = device;
  ++registered_count;
}

/* Unregisters the host arrays first copied into `device`. */
static void unregister_owned_by(const void *device) {
  for (int i = 0; i < registered_count;) {
    if (registered[i].owner != device) {
      ++i;
      continue;
    }
    start_timer("[unregister]");
    check(cudaHostUnregister((void *)registered[i].host),
          "cudaHostUnregister(%zu bytes)", registered[i].bytes);
    stop_timer("[unregister]");
    registered[i] = registered[--registered_count];
  }
}

void tilec_cuda_write(void *device, const void *host, size_t bytes,
                      const char *what) {
  tilec_cuda_init();
  start_timer("[write]");
  register_for_transfer(host, bytes, device);
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
  unregister_owned_by(device);
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
