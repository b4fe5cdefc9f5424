/* CUDA host runtime for programs emitted by tilec (see tilec_rt_cuda.h). It is
 * plain C on the CUDA runtime API, so it builds with the host C compiler into
 * libtilec_rt_cuda or with nvcc straight next to the emitted .cu file. */
#include "tilec/tilec_rt_cuda.h"
#include "tilec_rt_exchange.h"
#include "tilec_rt_internal.h"

static int initialized;
static int profiling;
/* The slabs' devices (TILEC_DEVICES; by default the one selected device)
 * and the current slab, whose device is the current CUDA device. */
static int slab_devices[tilec_max_slabs];
static int slab_count = 1;
static int current_slab;
/* TILEC_PROFILE brackets each timed launch or copy with a pair of events on
 * its slab's default stream (events belong to a device) and reads the pairs
 * back in batches, when profile_batch of a slab's are pending and at exit.
 * Waiting for each pair at once would leave the device idle while the host
 * queues the next launch, and that launch's time would include the gap
 * (blocked FW, n = 8192 int, H100: a panel launch of 15 us read 18). */
enum { profile_batch = 512 };
struct timed_pair {
  cudaEvent_t start, stop;
  const char *name; /* a string literal of the caller's */
};
static struct timed_pair *timed[tilec_max_slabs]; /* profile_batch each */
/* Pairs pending, and pairs whose events exist, per slab. */
static int timed_pending[tilec_max_slabs], timed_created[tilec_max_slabs];

/* The halo exchange between launches (tilec_cuda_copy_between,
 * tilec_cuda_exchange_end; tilec_rt_exchange.h keeps its state). Emitted
 * code launches its kernels on each device's default stream; a copy into
 * slab d runs on d's exchange stream (non-blocking, so it does not wait for
 * unrelated work), after the events `launched` that mark the end of the
 * launches of its two slabs. `exchanged[t]` marks the end of exchange
 * stream t's copies when the exchange ends. */
static struct tilec_exchange exchange;
static cudaStream_t exchange_streams[tilec_max_slabs];
static cudaEvent_t launched[tilec_max_slabs], exchanged[tilec_max_slabs];

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

/* Adds the times of slab `slab`'s pending pairs to the profile. At exit
 * (`at_exit`) a failure only ends the reading: exit must not run again
 * from an atexit handler. */
static void read_timed_pairs(int slab, int at_exit) {
  if (timed_pending[slab] == 0)
    return;
  cudaError_t err = cudaSetDevice(slab_devices[slab]);
  for (int i = 0; err == cudaSuccess && i < timed_pending[slab]; i++) {
    struct timed_pair *pair = &timed[slab][i];
    float ms;
    err = cudaEventSynchronize(pair->stop);
    if (err == cudaSuccess)
      err = cudaEventElapsedTime(&ms, pair->start, pair->stop);
    if (err == cudaSuccess)
      tilec_profile_add(pair->name, ms);
    else if (!at_exit)
      check(err, "reading the profile's events (%s)", pair->name);
  }
  timed_pending[slab] = 0;
  if (!at_exit)
    check(cudaSetDevice(slab_devices[current_slab]), "cudaSetDevice(%d)",
          slab_devices[current_slab]);
}

static void report_profile(void) {
  for (int s = 0; s < slab_count; s++)
    read_timed_pairs(s, 1);
  tilec_profile_report();
  /* The process is ending, so failures here are of no interest. */
  for (int s = 0; s < slab_count; s++) {
    cudaSetDevice(slab_devices[s]);
    for (int i = 0; i < timed_created[s]; i++) {
      cudaEventDestroy(timed[s][i].start);
      cudaEventDestroy(timed[s][i].stop);
    }
    free(timed[s]);
  }
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
  slab_devices[0] = device;
  const char *devices = getenv("TILEC_DEVICES");
  if (devices != NULL && *devices != '\0') {
    int available = 0;
    check(cudaGetDeviceCount(&available), "cudaGetDeviceCount");
    slab_count = tilec_parse_devices(devices, available, "CUDA", slab_devices);
  }
  for (int s = 0; s < slab_count; s++) {
    device = slab_devices[s];
    check(cudaSetDevice(device), "cudaSetDevice(%d)", device);
    if (tilec_env_flag("TILEC_VERBOSE")) {
      struct cudaDeviceProp prop;
      check(cudaGetDeviceProperties(&prop, device),
            "cudaGetDeviceProperties(%d)", device);
      if (slab_count > 1)
        fprintf(stderr, "tilec: slab %d: ", s);
      else
        fputs("tilec: ", stderr);
      fprintf(stderr, "CUDA device %d: %s (compute capability %d.%d)\n", device,
              prop.name, prop.major, prop.minor);
    }
    /* Halo exchanges go straight between devices that can reach each
     * other (cudaMemcpyPeer stages through the host otherwise). */
    for (int t = 0; t < slab_count; t++) {
      int peer = slab_devices[t], can = 0;
      if (peer == device)
        continue;
      check(cudaDeviceCanAccessPeer(&can, device, peer),
            "cudaDeviceCanAccessPeer(%d, %d)", device, peer);
      if (can && cudaDeviceEnablePeerAccess(peer, 0) != cudaSuccess)
        (void)cudaGetLastError(); /* enabled already (a repeated device) */
    }
  }
  if (slab_count > 1)
    for (int s = 0; s < slab_count; s++) {
      check(cudaSetDevice(slab_devices[s]), "cudaSetDevice(%d)",
            slab_devices[s]);
      check(cudaStreamCreateWithFlags(&exchange_streams[s],
                                      cudaStreamNonBlocking),
            "cudaStreamCreateWithFlags(exchange stream of slab %d)", s);
      check(cudaEventCreateWithFlags(&launched[s], cudaEventDisableTiming),
            "cudaEventCreateWithFlags");
      check(cudaEventCreateWithFlags(&exchanged[s], cudaEventDisableTiming),
            "cudaEventCreateWithFlags");
    }
  check(cudaSetDevice(slab_devices[0]), "cudaSetDevice(%d)", slab_devices[0]);
  profiling = tilec_env_flag("TILEC_PROFILE");
  if (profiling)
    atexit(report_profile);
  exchange.slabs = slab_count;
  exchange.on = slab_count > 1 && !profiling;
}

int tilec_cuda_slab_count(void) {
  tilec_cuda_init();
  return slab_count;
}

void tilec_cuda_use_slab(int slab) {
  tilec_cuda_init();
  if (slab < 0 || slab >= slab_count)
    tilec_die("slab %d does not exist (there are %d)", slab, slab_count);
  current_slab = slab;
  check(cudaSetDevice(slab_devices[slab]), "cudaSetDevice(%d)",
        slab_devices[slab]);
}

/* Timing brackets work on the default stream, which emitted code uses, so
 * the events order exactly around the timed kernel or copy. */
static void start_timer(const char *name) {
  if (!profiling)
    return;
  int s = current_slab;
  if (timed[s] == NULL)
    timed[s] = tilec_xrealloc(NULL, profile_batch * sizeof *timed[s]);
  struct timed_pair *pair = &timed[s][timed_pending[s]];
  if (timed_pending[s] == timed_created[s]) {
    check(cudaEventCreate(&pair->start), "cudaEventCreate");
    check(cudaEventCreate(&pair->stop), "cudaEventCreate");
    timed_created[s]++;
  }
  check(cudaEventRecord(pair->start, 0), "cudaEventRecord(%s)", name);
}

static void stop_timer(const char *name) {
  if (!profiling)
    return;
  int s = current_slab;
  struct timed_pair *pair = &timed[s][timed_pending[s]];
  check(cudaEventRecord(pair->stop, 0), "cudaEventRecord(%s)", name);
  pair->name = name;
  if (++timed_pending[s] == profile_batch)
    read_timed_pairs(s, 0);
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
  /* Portable: page-locked for every slab's device, not only this one. */
  if (cudaHostRegister((void *)host, bytes, cudaHostRegisterPortable) !=
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

/* How many bytes from `host` on lie all inside or all outside the ranges
 * registered here (at most `bytes`). The driver takes a copy that starts in
 * a registered range as page-locked throughout and refuses one that runs
 * past its end, which the rows of neighbouring slabs (overlapping ranges of
 * one array, registered only once) would do. */
static size_t uniform_span(const char *host, size_t bytes) {
  size_t span = bytes;
  for (int i = 0; i < registered_count; ++i) {
    const char *begin = registered[i].host;
    const char *end = begin + registered[i].bytes;
    if (host >= begin && host < end)
      return (size_t)(end - host) < bytes ? (size_t)(end - host) : bytes;
    if (begin > host && (size_t)(begin - host) < span)
      span = (size_t)(begin - host);
  }
  return span;
}

/* Copies between `host` and `device` (direction `kind`) in parts that lie
 * all inside or all outside the registered ranges (uniform_span). */
static void copy_in_parts(void *device, void *host, size_t bytes,
                          enum cudaMemcpyKind kind, const char *what) {
  int to_device = kind == cudaMemcpyHostToDevice;
  for (size_t done = 0; done < bytes;) {
    char *h = (char *)host + done, *d = (char *)device + done;
    size_t part = uniform_span(h, bytes - done);
    check(cudaMemcpy(to_device ? d : h, to_device ? h : d, part, kind),
          "cudaMemcpy(%s, %zu bytes, %s)", what, part,
          to_device ? "host to device" : "device to host");
    done += part;
  }
}

/* Waits for the work queued on every slab's device (TILEC_STEPS_TIME). */
static void finish_all(void) {
  for (int s = 0; s < slab_count; s++) {
    check(cudaSetDevice(slab_devices[s]), "cudaSetDevice(%d)", slab_devices[s]);
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
  check(cudaSetDevice(slab_devices[current_slab]), "cudaSetDevice(%d)",
        slab_devices[current_slab]);
}

void tilec_cuda_write(void *device, const void *host, size_t bytes,
                      const char *what) {
  tilec_cuda_init();
  start_timer("[write]");
  register_for_transfer(host, bytes, device);
  copy_in_parts(device, (void *)host, bytes, cudaMemcpyHostToDevice, what);
  stop_timer("[write]");
}

void tilec_cuda_read(void *host, const void *device, size_t bytes,
                     const char *what) {
  tilec_cuda_init();
  tilec_steps_read(finish_all);
  start_timer("[read]");
  copy_in_parts((void *)device, host, bytes, cudaMemcpyDeviceToHost, what);
  stop_timer("[read]");
}

void tilec_cuda_free(void *device) {
  tilec_cuda_init();
  unregister_owned_by(device);
  check(cudaFree(device), "cudaFree");
}

/* The kernels loaded on each slab's device so far (load_kernel). */
enum { tilec_max_loaded = 64 };
static const void *loaded[tilec_max_slabs][tilec_max_loaded];
static int loaded_count[tilec_max_slabs];

/* Loads `kernel` on the current slab's device unless done before. A lazy
 * first launch took 0.2 ms longer (H100): a quarter of heat2d 2048^2's
 * kernel time, 100 steps. Past the table's size every launch loads it
 * again. Opting in to `shared_bytes` of dynamic shared memory is a
 * property of the function on this device, set with its loading. */
static void load_kernel(const void *kernel, const char *name,
                        size_t shared_bytes) {
  int s = current_slab;
  for (int i = 0; i < loaded_count[s]; i++)
    if (loaded[s][i] == kernel)
      return;
  struct cudaFuncAttributes attributes;
  check(cudaFuncGetAttributes(&attributes, kernel), "cudaFuncGetAttributes(%s)",
        name);
  if (shared_bytes > 0) {
    int device = 0, most = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                 device),
          "cudaDeviceGetAttribute");
    if (shared_bytes + attributes.sharedSizeBytes > (size_t)most)
      tilec_die(
          "kernel %s needs %zu bytes of shared memory per block, but device "
          "%d allows %d: translate for this device (tilec --device=...)",
          name, shared_bytes + attributes.sharedSizeBytes, device, most);
    check(cudaFuncSetAttribute(kernel,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int)shared_bytes),
          "cudaFuncSetAttribute(%s, %zu bytes of dynamic shared memory)", name,
          shared_bytes);
  }
  if (loaded_count[s] < tilec_max_loaded)
    loaded[s][loaded_count[s]++] = kernel;
}

void tilec_cuda_launch_begin(const char *kernel_name, const void *kernel) {
  tilec_cuda_launch_shared_begin(kernel_name, kernel, 0);
}

void tilec_cuda_launch_shared_begin(const char *kernel_name, const void *kernel,
                                    size_t shared_bytes) {
  tilec_cuda_init();
  load_kernel(kernel, kernel_name, shared_bytes);
  tilec_steps_launch(finish_all);
  start_timer(kernel_name);
}

void tilec_cuda_launch_end(const char *kernel_name) {
  tilec_cuda_init();
  check(cudaGetLastError(), "launch of kernel %s", kernel_name);
  stop_timer(kernel_name);
}

/* Marks the end of the work queued so far on slab `slab`'s default stream:
 * the launches whose rows the exchange copies (tilec_exchange_mark says
 * when). Leaves the slab's device current. */
static void mark_launches(int slab) {
  check(cudaSetDevice(slab_devices[slab]), "cudaSetDevice(%d)",
        slab_devices[slab]);
  check(cudaEventRecord(launched[slab], 0), "cudaEventRecord");
}

void tilec_cuda_exchange_mark(void) {
  tilec_cuda_init();
  tilec_exchange_mark(&exchange, current_slab, mark_launches);
}

void tilec_cuda_copy_between(void *destination, int destination_slab,
                             const void *source, int source_slab, size_t bytes,
                             const char *what) {
  tilec_cuda_init();
  if (bytes == 0)
    return;
  if (!exchange.on) {
    /* Ordered after all work queued on either device and before any
     * later; TILEC_PROFILE times each copy on its own this way. */
    start_timer("[exchange]");
    check(cudaMemcpyPeer(destination, slab_devices[destination_slab], source,
                         slab_devices[source_slab], bytes),
          "cudaMemcpyPeer(%s, %zu bytes, slab %d to %d)", what, bytes,
          source_slab, destination_slab);
    stop_timer("[exchange]");
    return;
  }
  cudaStream_t stream = exchange_streams[destination_slab];
  tilec_exchange_copy(&exchange, destination_slab, source_slab, mark_launches);
  check(cudaSetDevice(slab_devices[destination_slab]), "cudaSetDevice(%d)",
        slab_devices[destination_slab]);
  check(cudaStreamWaitEvent(stream, launched[source_slab], 0),
        "cudaStreamWaitEvent");
  check(cudaStreamWaitEvent(stream, launched[destination_slab], 0),
        "cudaStreamWaitEvent");
  check(cudaMemcpyPeerAsync(destination, slab_devices[destination_slab], source,
                            slab_devices[source_slab], bytes, stream),
        "cudaMemcpyPeerAsync(%s, %zu bytes, slab %d to %d)", what, bytes,
        source_slab, destination_slab);
  check(cudaSetDevice(slab_devices[current_slab]), "cudaSetDevice(%d)",
        slab_devices[current_slab]);
}

/* Makes slab `slab`'s default stream wait for the exchange streams
 * `streams`, first marking the end of the copies on those of them in
 * `first` (each stream is marked once per exchange, after all its copies).
 * Leaves the slab's device current. */
static void wait_for_exchange(int slab, unsigned long long streams,
                              unsigned long long first) {
  for (int t = 0; t < slab_count; t++) {
    if (!(streams >> t & 1))
      continue;
    if (first >> t & 1) {
      check(cudaSetDevice(slab_devices[t]), "cudaSetDevice(%d)",
            slab_devices[t]);
      check(cudaEventRecord(exchanged[t], exchange_streams[t]),
            "cudaEventRecord");
    }
    check(cudaSetDevice(slab_devices[slab]), "cudaSetDevice(%d)",
          slab_devices[slab]);
    check(cudaStreamWaitEvent(0, exchanged[t], 0), "cudaStreamWaitEvent");
  }
}

void tilec_cuda_exchange_end(void) {
  tilec_cuda_init();
  tilec_exchange_end(&exchange, wait_for_exchange);
  check(cudaSetDevice(slab_devices[current_slab]), "cudaSetDevice(%d)",
        slab_devices[current_slab]);
}
