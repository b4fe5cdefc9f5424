/* CUDA host runtime for programs emitted by tilec: device selection, checked
 * allocations, copies and launches, and TILEC_PROFILE timing. The
 * implementation is plain C on the CUDA runtime API; emitted .cu files are
 * C++, hence the extern "C" block. */
#ifndef TILEC_RT_CUDA_H
#define TILEC_RT_CUDA_H

#include "tilec_rt.h"

#include <cuda_runtime_api.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Checks a CUDA runtime call made directly by emitted code. */
#define TILEC_CUDA_CHECK(call)                                                 \
  tilec_cuda_check((call), #call, __FILE__, __LINE__)

/* Exits with `<call> failed at file:line: <name>: <description>` unless
 * `err` is cudaSuccess. */
void tilec_cuda_check(cudaError_t err, const char *call, const char *file,
                      int line);

/* Selects device TILEC_CUDA_DEVICE once; every other function below calls it,
 * so emitted code only needs it to pick the device early. */
void tilec_cuda_init(void);

/* Device memory; `what` names the array in error messages. */
void *tilec_cuda_alloc(size_t bytes, const char *what);
void tilec_cuda_write(void *device, const void *host, size_t bytes,
                      const char *what);
void tilec_cuda_read(void *host, const void *device, size_t bytes,
                     const char *what);
void tilec_cuda_free(void *device);

/* Bracket every kernel launch: begin loads `kernel` on the current device
 * the first time and starts the profiling timer, end reports a failed
 * launch by kernel name and, when profiling, waits for the kernel and
 * records its time. CUDA loads kernels lazily, at their first launch
 * (CUDA_MODULE_LOADING=LAZY, the default since CUDA 12.2): loaded here, the
 * load stays out of the kernel's time in TILEC_PROFILE and out of
 * TILEC_STEPS_TIME. */
void tilec_cuda_launch_begin(const char *kernel_name, const void *kernel);
void tilec_cuda_launch_end(const char *kernel_name);
/* tilec_cuda_launch_begin for a kernel launched with `shared_bytes` of
 * dynamic shared memory, beyond the 48 KiB a kernel may use without opting
 * in: opts in when it loads the kernel, and stops the program with a
 * message if the device allows less per block. */
void tilec_cuda_launch_shared_begin(const char *kernel_name, const void *kernel,
                                    size_t shared_bytes);

/* Several devices (TILEC_DEVICES): a region is cut into slabs, one per
 * listed device (a device listed twice holds two slabs). Returns how many
 * slabs there are (1 without TILEC_DEVICES). */
int tilec_cuda_slab_count(void);

/* Makes slab `slab`'s device current for the calls that follow (slab 0's
 * at first). */
void tilec_cuda_use_slab(int slab);

/* The halo exchange between launches: copies `bytes` between two slabs'
 * device memory once the work queued on both slabs before it (or before
 * tilec_cuda_exchange_mark) is done. The copy
 * runs asynchronously, at the same time as copies into other slabs; call
 * tilec_cuda_exchange_end after the exchange's last copy. */
void tilec_cuda_copy_between(void *destination, int destination_slab,
                             const void *source, int source_slab, size_t bytes,
                             const char *what);

/* Marks the work queued so far on the current slab as what the next
 * exchange's copies from and into it wait for; launches queued afterwards
 * run at the same time as those copies, so they must not touch the rows
 * copied. Without a mark a copy waits for all the work queued before it. */
void tilec_cuda_exchange_mark(void);

/* Ends an exchange: work queued afterwards on a slab waits for the copies
 * into it and out of it. */
void tilec_cuda_exchange_end(void);

#ifdef __cplusplus
}
#endif

#endif
