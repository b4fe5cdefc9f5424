/* OpenCL host runtime for programs emitted by tilec (see tilec_rt_opencl.h):
 * device selection from the environment, a process-wide context and queue,
 * program and kernel caches, checked calls and TILEC_PROFILE timing. */
#include "tilec/tilec_rt_opencl.h"
#include "tilec_rt_exchange.h"
#include "tilec_rt_internal.h"

#include <ctype.h>

struct program_entry {
  const char *const *source; /* keyed by pointer: emitted sources are static */
  char *options;
  cl_program program;
};

struct kernel_entry {
  cl_program program;
  char *name;
  cl_kernel kernel;
};

static cl_platform_id platform;
static cl_device_id device; /* the selected device; slab 0's */
static cl_context context;
/* One in-order queue per slab (TILEC_DEVICES; one slab by default), on that
 * slab's device; `queue` is the current slab's, which every call uses. */
static cl_command_queue queues[tilec_max_slabs];
static cl_device_id slab_devices[tilec_max_slabs];
static int slab_indices[tilec_max_slabs]; /* among the platform's devices */
static int slab_count;
static int current_slab;
static cl_command_queue queue;
static int profiling;
/* The halo exchange between launches (tilec_cl_copy_between,
 * tilec_cl_exchange_end; tilec_rt_exchange.h keeps its state): a copy into
 * slab d runs on d's exchange queue after the markers `launched` at the end
 * of its two slabs' queued work. `exchanged[t]` is the last copy on t's
 * exchange queue: what a slab waiting for that queue waits for. */
static struct tilec_exchange exchange;
static cl_command_queue exchange_queues[tilec_max_slabs];
static cl_event launched[tilec_max_slabs], exchanged[tilec_max_slabs];
static struct program_entry *programs;
static size_t program_count;
static struct kernel_entry *kernels;
static size_t kernel_count;

static const char *error_name(cl_int err) {
#define NAME(code)                                                             \
  case code:                                                                   \
    return #code;
  switch (err) {
    NAME(CL_SUCCESS)
    NAME(CL_DEVICE_NOT_FOUND)
    NAME(CL_DEVICE_NOT_AVAILABLE)
    NAME(CL_COMPILER_NOT_AVAILABLE)
    NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    NAME(CL_OUT_OF_RESOURCES)
    NAME(CL_OUT_OF_HOST_MEMORY)
    NAME(CL_PROFILING_INFO_NOT_AVAILABLE)
    NAME(CL_MEM_COPY_OVERLAP)
    NAME(CL_IMAGE_FORMAT_MISMATCH)
    NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    NAME(CL_BUILD_PROGRAM_FAILURE)
    NAME(CL_MAP_FAILURE)
    NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    NAME(CL_COMPILE_PROGRAM_FAILURE)
    NAME(CL_LINKER_NOT_AVAILABLE)
    NAME(CL_LINK_PROGRAM_FAILURE)
    NAME(CL_DEVICE_PARTITION_FAILED)
    NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    NAME(CL_INVALID_VALUE)
    NAME(CL_INVALID_DEVICE_TYPE)
    NAME(CL_INVALID_PLATFORM)
    NAME(CL_INVALID_DEVICE)
    NAME(CL_INVALID_CONTEXT)
    NAME(CL_INVALID_QUEUE_PROPERTIES)
    NAME(CL_INVALID_COMMAND_QUEUE)
    NAME(CL_INVALID_HOST_PTR)
    NAME(CL_INVALID_MEM_OBJECT)
    NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    NAME(CL_INVALID_IMAGE_SIZE)
    NAME(CL_INVALID_SAMPLER)
    NAME(CL_INVALID_BINARY)
    NAME(CL_INVALID_BUILD_OPTIONS)
    NAME(CL_INVALID_PROGRAM)
    NAME(CL_INVALID_PROGRAM_EXECUTABLE)
    NAME(CL_INVALID_KERNEL_NAME)
    NAME(CL_INVALID_KERNEL_DEFINITION)
    NAME(CL_INVALID_KERNEL)
    NAME(CL_INVALID_ARG_INDEX)
    NAME(CL_INVALID_ARG_VALUE)
    NAME(CL_INVALID_ARG_SIZE)
    NAME(CL_INVALID_KERNEL_ARGS)
    NAME(CL_INVALID_WORK_DIMENSION)
    NAME(CL_INVALID_WORK_GROUP_SIZE)
    NAME(CL_INVALID_WORK_ITEM_SIZE)
    NAME(CL_INVALID_GLOBAL_OFFSET)
    NAME(CL_INVALID_EVENT_WAIT_LIST)
    NAME(CL_INVALID_EVENT)
    NAME(CL_INVALID_OPERATION)
    NAME(CL_INVALID_GL_OBJECT)
    NAME(CL_INVALID_BUFFER_SIZE)
    NAME(CL_INVALID_MIP_LEVEL)
    NAME(CL_INVALID_GLOBAL_WORK_SIZE)
    NAME(CL_INVALID_PROPERTY)
    NAME(CL_INVALID_IMAGE_DESCRIPTOR)
    NAME(CL_INVALID_COMPILER_OPTIONS)
    NAME(CL_INVALID_LINKER_OPTIONS)
    NAME(CL_INVALID_DEVICE_PARTITION_COUNT)
  /* From cl_khr_icd: what the ICD loader returns when no platform is
   * installed, the most common failure on a new machine. */
  case -1001:
    return "CL_PLATFORM_NOT_FOUND_KHR";
  default:
    return "unknown OpenCL error";
  }
#undef NAME
}

/* Exits with "tilec: <call> failed: <NAME> (<code>)" unless `err` is
 * CL_SUCCESS; `fmt` describes the call and what it worked on. */
static void check(cl_int err, const char *fmt, ...) {
  if (err == CL_SUCCESS)
    return;
  va_list args;
  va_start(args, fmt);
  fputs("tilec: ", stderr);
  vfprintf(stderr, fmt, args);
  fprintf(stderr, " failed: %s (%d)\n", error_name(err), (int)err);
  va_end(args);
  exit(EXIT_FAILURE);
}

static char *platform_name(cl_platform_id p) {
  size_t size;
  check(clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, NULL, &size),
        "clGetPlatformInfo(CL_PLATFORM_NAME)");
  char *name = tilec_xrealloc(NULL, size);
  check(clGetPlatformInfo(p, CL_PLATFORM_NAME, size, name, NULL),
        "clGetPlatformInfo(CL_PLATFORM_NAME)");
  return name;
}

static char *device_name(cl_device_id d) {
  size_t size;
  check(clGetDeviceInfo(d, CL_DEVICE_NAME, 0, NULL, &size),
        "clGetDeviceInfo(CL_DEVICE_NAME)");
  char *name = tilec_xrealloc(NULL, size);
  check(clGetDeviceInfo(d, CL_DEVICE_NAME, size, name, NULL),
        "clGetDeviceInfo(CL_DEVICE_NAME)");
  return name;
}

static int contains_ignoring_case(const char *haystack, const char *needle) {
  for (; *haystack != '\0'; haystack++) {
    size_t i = 0;
    while (needle[i] != '\0' && tolower((unsigned char)haystack[i]) ==
                                    tolower((unsigned char)needle[i]))
      i++;
    if (needle[i] == '\0')
      return 1;
  }
  return 0;
}

/* Whether a TILEC_CL_PLATFORM/TILEC_CL_DEVICE setting (NULL when unset)
 * accepts the candidate at `index` called `name`. */
static int selects(const char *setting, cl_uint index, const char *name) {
  if (setting == NULL || *setting == '\0')
    return 1;
  if (tilec_is_decimal(setting))
    return strtoul(setting, NULL, 10) == index;
  return contains_ignoring_case(name, setting);
}

/* Picks the first GPU among the devices the environment allows, else the
 * first such device of any type. Device indices count across the allowed
 * platforms, so with one platform selected they are that platform's. */
static void select_device(void) {
  const char *want_platform = getenv("TILEC_CL_PLATFORM");
  const char *want_device = getenv("TILEC_CL_DEVICE");
  cl_uint platform_count;
  check(clGetPlatformIDs(0, NULL, &platform_count), "clGetPlatformIDs");
  if (platform_count == 0)
    tilec_die("no OpenCL platform found");
  cl_platform_id *platforms =
      tilec_xrealloc(NULL, platform_count * sizeof *platforms);
  check(clGetPlatformIDs(platform_count, platforms, NULL), "clGetPlatformIDs");

  cl_uint device_index = 0;
  int found_gpu = 0;
  for (cl_uint p = 0; p < platform_count && !found_gpu; p++) {
    char *name = platform_name(platforms[p]);
    int allowed = selects(want_platform, p, name);
    free(name);
    if (!allowed)
      continue;
    cl_uint count;
    cl_int err =
        clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &count);
    if (err == CL_DEVICE_NOT_FOUND)
      continue;
    check(err, "clGetDeviceIDs");
    cl_device_id *devices = tilec_xrealloc(NULL, count * sizeof *devices);
    check(
        clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, count, devices, NULL),
        "clGetDeviceIDs");
    for (cl_uint d = 0; d < count && !found_gpu; d++, device_index++) {
      char *dname = device_name(devices[d]);
      allowed = selects(want_device, device_index, dname);
      free(dname);
      if (!allowed)
        continue;
      cl_device_type type;
      check(
          clGetDeviceInfo(devices[d], CL_DEVICE_TYPE, sizeof type, &type, NULL),
          "clGetDeviceInfo(CL_DEVICE_TYPE)");
      found_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
      if (device == NULL || found_gpu) {
        platform = platforms[p];
        device = devices[d];
      }
    }
    free(devices);
  }
  free(platforms);
  if (device == NULL)
    tilec_die("no OpenCL device found (TILEC_CL_PLATFORM=%s, "
              "TILEC_CL_DEVICE=%s; `clinfo -l` lists them)",
              want_platform ? want_platform : "",
              want_device ? want_device : "");
}

/* TILEC_DEVICES: the slabs' devices among the selected platform's; by
 * default the one selected device. */
static void select_slab_devices(void) {
  const char *setting = getenv("TILEC_DEVICES");
  if (setting == NULL || *setting == '\0') {
    slab_devices[0] = device;
    slab_count = 1;
    return;
  }
  cl_uint count;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &count),
        "clGetDeviceIDs");
  cl_device_id *devices = tilec_xrealloc(NULL, count * sizeof *devices);
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, devices, NULL),
        "clGetDeviceIDs");
  char *name = platform_name(platform);
  char kind[256];
  snprintf(kind, sizeof kind, "OpenCL platform \"%s\"", name);
  free(name);
  slab_count = tilec_parse_devices(setting, (int)count, kind, slab_indices);
  for (int s = 0; s < slab_count; s++)
    slab_devices[s] = devices[slab_indices[s]];
  device = slab_devices[0];
  free(devices);
}

static void cleanup(void) {
  if (profiling)
    tilec_profile_report();
  /* Errors no longer matter at exit, so results are deliberately ignored. */
  for (size_t i = 0; i < kernel_count; i++) {
    clReleaseKernel(kernels[i].kernel);
    free(kernels[i].name);
  }
  free(kernels);
  for (size_t i = 0; i < program_count; i++) {
    clReleaseProgram(programs[i].program);
    free(programs[i].options);
  }
  free(programs);
  for (int s = 0; s < slab_count; s++) {
    clReleaseCommandQueue(queues[s]);
    if (exchange_queues[s] != NULL)
      clReleaseCommandQueue(exchange_queues[s]);
  }
  clReleaseContext(context);
}

static void init(void) {
  if (queue != NULL)
    return;
  select_device();
  select_slab_devices();
  /* The context holds each device once, however many slabs it has. */
  cl_device_id distinct[tilec_max_slabs];
  cl_uint distinct_count = 0;
  for (int s = 0; s < slab_count; s++) {
    cl_uint i = 0;
    while (i < distinct_count && distinct[i] != slab_devices[s])
      i++;
    if (i == distinct_count)
      distinct[distinct_count++] = slab_devices[s];
  }
  if (tilec_env_flag("TILEC_VERBOSE"))
    for (int s = 0; s < slab_count; s++) {
      char *dname = device_name(slab_devices[s]);
      char *pname = platform_name(platform);
      if (slab_count == 1)
        fprintf(stderr, "tilec: OpenCL device: %s (platform %s)\n", dname,
                pname);
      else
        fprintf(stderr, "tilec: slab %d: OpenCL device %d: %s (platform %s)\n",
                s, slab_indices[s], dname, pname);
      free(dname);
      free(pname);
    }
  cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                        (cl_context_properties)platform, 0};
  cl_int err;
  context =
      clCreateContext(properties, distinct_count, distinct, NULL, NULL, &err);
  check(err, "clCreateContext");
  profiling = tilec_env_flag("TILEC_PROFILE");
  for (int s = 0; s < slab_count; s++) {
    queues[s] =
        clCreateCommandQueue(context, slab_devices[s],
                             profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
    check(err, "clCreateCommandQueue(slab %d)", s);
    if (slab_count > 1) {
      exchange_queues[s] =
          clCreateCommandQueue(context, slab_devices[s],
                               profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
      check(err, "clCreateCommandQueue(exchange queue of slab %d)", s);
    }
  }
  queue = queues[0];
  exchange.slabs = slab_count;
  exchange.on = slab_count > 1;
  atexit(cleanup);
}

/* Waits for a profiled command and adds its device time to `name`. */
static void record(cl_event event, const char *name) {
  cl_ulong start, end;
  check(clWaitForEvents(1, &event), "clWaitForEvents(%s)", name);
  check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start,
                                &start, NULL),
        "clGetEventProfilingInfo(%s)", name);
  check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end,
                                &end, NULL),
        "clGetEventProfilingInfo(%s)", name);
  check(clReleaseEvent(event), "clReleaseEvent(%s)", name);
  tilec_profile_add(name, (double)(end - start) * 1e-6);
}

/* TILEC_CL_DUMP_BINARY=PREFIX: writes each program the device built to
 * PREFIX<n>.bin (NVIDIA's driver gives PTX, to compare with nvcc's). */
static void dump_binary(cl_program program) {
  const char *prefix = getenv("TILEC_CL_DUMP_BINARY");
  if (prefix == NULL || *prefix == '\0')
    return;
  /* One binary per device of the context; the first slab's is written. */
  cl_uint devices;
  check(clGetProgramInfo(program, CL_PROGRAM_NUM_DEVICES, sizeof devices,
                         &devices, NULL),
        "clGetProgramInfo(CL_PROGRAM_NUM_DEVICES)");
  size_t *sizes = tilec_xrealloc(NULL, devices * sizeof *sizes);
  check(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES,
                         devices * sizeof *sizes, sizes, NULL),
        "clGetProgramInfo(CL_PROGRAM_BINARY_SIZES)");
  unsigned char **binaries = tilec_xrealloc(NULL, devices * sizeof *binaries);
  for (cl_uint d = 0; d < devices; d++)
    binaries[d] = tilec_xrealloc(NULL, sizes[d] ? sizes[d] : 1);
  check(clGetProgramInfo(program, CL_PROGRAM_BINARIES,
                         devices * sizeof *binaries, binaries, NULL),
        "clGetProgramInfo(CL_PROGRAM_BINARIES)");
  size_t size = sizes[0];
  char path[4096];
  snprintf(path, sizeof path, "%s%zu.bin", prefix, program_count);
  FILE *out = fopen(path, "wb");
  if (out == NULL || fwrite(binaries[0], 1, size, out) != size)
    tilec_die("TILEC_CL_DUMP_BINARY: cannot write %s", path);
  fclose(out);
  fprintf(stderr, "tilec: wrote the program's binary (%zu bytes) to %s\n", size,
          path);
  for (cl_uint d = 0; d < devices; d++)
    free(binaries[d]);
  free(binaries);
  free(sizes);
}

/* The compiler's messages from building `program` for `device`. */
static char *build_log(cl_program program) {
  size_t size;
  check(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL,
                              &size),
        "clGetProgramBuildInfo(CL_PROGRAM_BUILD_LOG)");
  char *log = tilec_xrealloc(NULL, size + 1);
  check(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log,
                              NULL),
        "clGetProgramBuildInfo(CL_PROGRAM_BUILD_LOG)");
  log[size] = '\0';
  return log;
}

/* Whether `log` holds more than white space (platforms give "" or "\n"). */
static int has_text(const char *log) {
  for (; *log != '\0'; log++)
    if (!isspace((unsigned char)*log))
      return 1;
  return 0;
}

static cl_program program_for(const char *const *source, cl_uint parts,
                              const char *options) {
  for (size_t i = 0; i < program_count; i++)
    if (programs[i].source == source &&
        strcmp(programs[i].options, options) == 0)
      return programs[i].program;

  cl_int err;
  cl_program program = clCreateProgramWithSource(
      context, parts, (const char **)source, NULL, &err);
  check(err, "clCreateProgramWithSource");
  /* A program prints nothing of its own unless asked: some compilers
   * (pocl's Clang) print their warnings' count to stderr themselves, so
   * -w asks for none; with TILEC_VERBOSE they are built with warnings and
   * the log is printed. Errors are reported either way. */
  int verbose = tilec_env_flag("TILEC_VERBOSE");
  size_t length = strlen(options) + 4;
  char *build_options = tilec_xrealloc(NULL, length);
  snprintf(build_options, length, "%s%s", options,
           verbose ? "" : (*options ? " -w" : "-w"));
  /* For every device of the context: each slab launches it. */
  err = clBuildProgram(program, 0, NULL, build_options, NULL, NULL);
  if (err != CL_SUCCESS) {
    /* The log holds the compiler's diagnostics, the only useful part. */
    fprintf(stderr, "tilec: clBuildProgram failed: %s (%d)\n", error_name(err),
            (int)err);
    tilec_die("build options: \"%s\"; build log:\n%s", build_options,
              build_log(program));
  }
  if (verbose) {
    char *log = build_log(program);
    if (has_text(log))
      fprintf(stderr, "tilec: OpenCL build log (options \"%s\"):\n%s\n",
              build_options, log);
    free(log);
  }
  free(build_options);
  dump_binary(program);
  programs = tilec_xrealloc(programs, (program_count + 1) * sizeof *programs);
  programs[program_count++] =
      (struct program_entry){source, tilec_xstrdup(options), program};
  return program;
}

/* Stops the program, before any launch, where `kernel` needs more local
 * memory than a device of the slabs has: its launches would fail (pocl
 * aborts in them). tilec sizes tiles for the profile's local_memory_bytes,
 * and pocl sizes a CPU's local memory from the host's caches, so another
 * host may have less. */
static void check_local_memory(cl_kernel kernel, const char *kernel_name) {
  for (int s = 0; s < slab_count; s++) {
    cl_ulong needs = 0, has = 0;
    check(clGetKernelWorkGroupInfo(kernel, slab_devices[s],
                                   CL_KERNEL_LOCAL_MEM_SIZE, sizeof needs,
                                   &needs, NULL),
          "clGetKernelWorkGroupInfo(%s, CL_KERNEL_LOCAL_MEM_SIZE)",
          kernel_name);
    check(clGetDeviceInfo(slab_devices[s], CL_DEVICE_LOCAL_MEM_SIZE, sizeof has,
                          &has, NULL),
          "clGetDeviceInfo(CL_DEVICE_LOCAL_MEM_SIZE)");
    if (needs > has) {
      char *name = device_name(slab_devices[s]);
      tilec_die("kernel %s needs %llu bytes of local memory, and %s has "
                "%llu: translate with this device's profile (tilec "
                "--device) or a smaller --params",
                kernel_name, (unsigned long long)needs, name,
                (unsigned long long)has);
    }
  }
}

cl_kernel tilec_cl_kernel(const char *const *source, cl_uint parts,
                          const char *build_options, const char *kernel_name) {
  init();
  cl_program program =
      program_for(source, parts, build_options ? build_options : "");
  for (size_t i = 0; i < kernel_count; i++)
    if (kernels[i].program == program &&
        strcmp(kernels[i].name, kernel_name) == 0)
      return kernels[i].kernel;

  cl_int err;
  cl_kernel kernel = clCreateKernel(program, kernel_name, &err);
  check(err, "clCreateKernel(%s)", kernel_name);
  check_local_memory(kernel, kernel_name);
  kernels = tilec_xrealloc(kernels, (kernel_count + 1) * sizeof *kernels);
  kernels[kernel_count++] =
      (struct kernel_entry){program, tilec_xstrdup(kernel_name), kernel};
  return kernel;
}

/* Whether `list`, space-separated names, holds `name`. */
static int has_name(const char *list, const char *name) {
  size_t length = strlen(name);
  for (const char *at = strstr(list, name); at != NULL;
       at = strstr(at + 1, name))
    if ((at == list || at[-1] == ' ') &&
        (at[length] == ' ' || at[length] == '\0'))
      return 1;
  return 0;
}

/* Whether every slab's device takes NVIDIA's compiler options. */
static int takes_nv_compiler_options(void) {
  for (int s = 0; s < slab_count; s++) {
    size_t size;
    check(
        clGetDeviceInfo(slab_devices[s], CL_DEVICE_EXTENSIONS, 0, NULL, &size),
        "clGetDeviceInfo(CL_DEVICE_EXTENSIONS)");
    char *extensions = tilec_xrealloc(NULL, size + 1);
    check(clGetDeviceInfo(slab_devices[s], CL_DEVICE_EXTENSIONS, size,
                          extensions, NULL),
          "clGetDeviceInfo(CL_DEVICE_EXTENSIONS)");
    extensions[size] = '\0';
    int found = has_name(extensions, "cl_nv_compiler_options");
    free(extensions);
    if (!found)
      return 0;
  }
  return 1;
}

cl_kernel tilec_cl_kernel_bounded(const char *const *source, cl_uint parts,
                                  const char *build_options,
                                  const char *kernel_name, int max_registers) {
  init();
  static int nv_options = -1;
  if (nv_options < 0)
    nv_options = takes_nv_compiler_options();
  if (!nv_options || max_registers <= 0)
    return tilec_cl_kernel(source, parts, build_options, kernel_name);
  const char *base = build_options ? build_options : "";
  size_t size = strlen(base) + 48;
  char *options = tilec_xrealloc(NULL, size);
  snprintf(options, size, "%s%s-cl-nv-maxrregcount=%d", base, *base ? " " : "",
           max_registers);
  /* Programs are cached by their options' text (program_for copies it). */
  cl_kernel kernel = tilec_cl_kernel(source, parts, options, kernel_name);
  free(options);
  return kernel;
}

/* OpenCL rejects empty buffers and copies, so zero bytes means "no buffer"
 * and copies of nothing are skipped. */
cl_mem tilec_cl_alloc(size_t bytes, const char *what) {
  if (bytes == 0)
    return NULL;
  init();
  cl_int err;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &err);
  check(err, "clCreateBuffer(%s, %zu bytes)", what, bytes);
  return buffer;
}

void tilec_cl_write(cl_mem buffer, const void *host, size_t bytes,
                    const char *what) {
  if (bytes == 0)
    return;
  cl_event event;
  check(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, NULL,
                             profiling ? &event : NULL),
        "clEnqueueWriteBuffer(%s, %zu bytes)", what, bytes);
  if (profiling)
    record(event, "[write]");
}

/* Waits for the work queued on every slab (TILEC_STEPS_TIME). */
static void finish_all(void) {
  for (int s = 0; s < slab_count; s++)
    check(clFinish(queues[s]), "clFinish(slab %d)", s);
}

void tilec_cl_read(cl_mem buffer, void *host, size_t bytes, const char *what) {
  if (bytes == 0)
    return;
  tilec_steps_read(finish_all);
  cl_event event;
  check(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, NULL,
                            profiling ? &event : NULL),
        "clEnqueueReadBuffer(%s, %zu bytes)", what, bytes);
  if (profiling)
    record(event, "[read]");
}

static char *kernel_name(cl_kernel kernel) {
  size_t size;
  check(clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, 0, NULL, &size),
        "clGetKernelInfo(CL_KERNEL_FUNCTION_NAME)");
  char *name = tilec_xrealloc(NULL, size);
  check(clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, size, name, NULL),
        "clGetKernelInfo(CL_KERNEL_FUNCTION_NAME)");
  return name;
}

void tilec_cl_arg(cl_kernel kernel, cl_uint index, size_t size,
                  const void *value) {
  cl_int err = clSetKernelArg(kernel, index, size, value);
  /* Looking the name up costs API calls, so only once something failed. */
  if (err != CL_SUCCESS)
    check(err, "clSetKernelArg(%s, argument %u, %zu bytes)",
          kernel_name(kernel), (unsigned)index, size);
}

/* Writes sizes as "16x16", or "auto" for NULL, for launch errors. */
static void format_sizes(char *out, size_t capacity, cl_uint dims,
                         const size_t *sizes) {
  if (sizes == NULL) {
    snprintf(out, capacity, "auto");
    return;
  }
  size_t used = 0;
  for (cl_uint i = 0; i < dims && used < capacity; i++)
    used += (size_t)snprintf(out + used, capacity - used, i ? "x%zu" : "%zu",
                             sizes[i]);
}

void tilec_cl_launch(cl_kernel kernel, cl_uint dims, const size_t *global,
                     const size_t *local) {
  for (cl_uint i = 0; i < dims; i++)
    if (global[i] == 0)
      return;
  tilec_steps_launch(finish_all);
  cl_event event;
  cl_int err = clEnqueueNDRangeKernel(queue, kernel, dims, NULL, global, local,
                                      0, NULL, profiling ? &event : NULL);
  if (err != CL_SUCCESS) {
    char global_text[96], local_text[96];
    format_sizes(global_text, sizeof global_text, dims, global);
    format_sizes(local_text, sizeof local_text, dims, local);
    check(err, "clEnqueueNDRangeKernel(%s, global %s, local %s)",
          kernel_name(kernel), global_text, local_text);
  }
  if (profiling) {
    char *name = kernel_name(kernel);
    record(event, name);
    free(name);
  }
}

void tilec_cl_release(cl_mem buffer) {
  if (buffer != NULL)
    check(clReleaseMemObject(buffer), "clReleaseMemObject");
}

int tilec_cl_device_supports_fp64(void) {
  init();
  for (int s = 0; s < slab_count; s++) {
    cl_device_fp_config config;
    check(clGetDeviceInfo(slab_devices[s], CL_DEVICE_DOUBLE_FP_CONFIG,
                          sizeof config, &config, NULL),
          "clGetDeviceInfo(CL_DEVICE_DOUBLE_FP_CONFIG)");
    if (config == 0)
      return 0;
  }
  return 1;
}

int tilec_cl_slab_count(void) {
  init();
  return slab_count;
}

void tilec_cl_use_slab(int slab) {
  init();
  if (slab < 0 || slab >= slab_count)
    tilec_die("slab %d does not exist (there are %d)", slab, slab_count);
  queue = queues[slab];
  current_slab = slab;
}

/* Marks the end of the work queued so far on slab `slab`'s queue: the
 * launches whose rows the exchange copies (tilec_exchange_mark says when). */
static void mark_launches(int slab) {
  check(clEnqueueMarkerWithWaitList(queues[slab], 0, NULL, &launched[slab]),
        "clEnqueueMarkerWithWaitList(slab %d)", slab);
}

void tilec_cl_exchange_mark(void) {
  init();
  tilec_exchange_mark(&exchange, current_slab, mark_launches);
}

void tilec_cl_copy_between(cl_mem destination, int destination_slab,
                           size_t destination_offset, cl_mem source,
                           int source_slab, size_t source_offset, size_t bytes,
                           const char *what) {
  if (bytes == 0)
    return;
  init();
  if (!exchange.on) {
    check(clEnqueueCopyBuffer(queue, source, destination, source_offset,
                              destination_offset, bytes, 0, NULL, NULL),
          "clEnqueueCopyBuffer(%s, %zu bytes)", what, bytes);
    return;
  }
  tilec_exchange_copy(&exchange, destination_slab, source_slab, mark_launches);
  cl_event after[2] = {launched[source_slab], launched[destination_slab]};
  cl_event copied;
  check(clEnqueueCopyBuffer(exchange_queues[destination_slab], source,
                            destination, source_offset, destination_offset,
                            bytes, 2, after, &copied),
        "clEnqueueCopyBuffer(%s, %zu bytes, slab %d to %d)", what, bytes,
        source_slab, destination_slab);
  if (profiling) {
    check(clRetainEvent(copied), "clRetainEvent");
    record(copied, "[exchange]"); /* waits for it and releases one reference */
  }
  if (exchanged[destination_slab] != NULL)
    clReleaseEvent(exchanged[destination_slab]);
  exchanged[destination_slab] = copied;
}

/* Makes slab `slab`'s queue wait for the last copies on the exchange
 * queues `streams` (their copies are all enqueued, so `first` is of no
 * use here). */
static void wait_for_exchange(int slab, unsigned long long streams,
                              unsigned long long first) {
  (void)first;
  cl_event after[tilec_max_slabs];
  cl_uint count = 0;
  for (int t = 0; t < slab_count; t++)
    if (streams >> t & 1)
      after[count++] = exchanged[t];
  if (count > 0)
    check(clEnqueueBarrierWithWaitList(queues[slab], count, after, NULL),
          "clEnqueueBarrierWithWaitList(slab %d)", slab);
}

void tilec_cl_exchange_end(void) {
  init();
  tilec_exchange_end(&exchange, wait_for_exchange);
  for (int s = 0; s < slab_count; s++) {
    if (launched[s] != NULL)
      clReleaseEvent(launched[s]);
    if (exchanged[s] != NULL)
      clReleaseEvent(exchanged[s]);
    launched[s] = exchanged[s] = NULL;
  }
}
