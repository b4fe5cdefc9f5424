/* OpenCL 1.2 host runtime for programs emitted by tilec: one lazily created
 * context and in-order queue on the selected device, cached program and kernel
 * builds, and checked buffer, argument and launch calls. */
#ifndef TILEC_RT_OPENCL_H
#define TILEC_RT_OPENCL_H

#include "tilec_rt.h"

/* Emitted code and the runtime only rely on OpenCL 1.2; defining the target
 * here keeps the headers from warning about or hiding 1.2 entry points. */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns the kernel `kernel_name` of the program whose text is the `parts`
 * strings of `source` one after the other (emitted code splits it so that
 * every string literal stays within what C99 compilers must accept), built
 * with `build_options` (NULL means none). Programs are built once per
 * distinct `source` pointer and options and kernels once per program and
 * name, so calling this before every launch is cheap. A failed build prints
 * the build log and exits. */
cl_kernel tilec_cl_kernel(const char *const *source, cl_uint parts,
                          const char *build_options, const char *kernel_name);

/* The same, built for at most `max_registers` registers per work item where
 * every device of the context takes NVIDIA's compiler options
 * (cl_nv_compiler_options: -cl-nv-maxrregcount); elsewhere as
 * tilec_cl_kernel. OpenCL C has no way to say it in the kernel. */
cl_kernel tilec_cl_kernel_bounded(const char *const *source, cl_uint parts,
                                  const char *build_options,
                                  const char *kernel_name, int max_registers);

/* Allocates a device buffer; `what` names the array in error messages. A
 * zero-byte buffer is NULL, which kernels receive as a null pointer. */
cl_mem tilec_cl_alloc(size_t bytes, const char *what);

/* Blocking copies between host memory and a buffer. */
void tilec_cl_write(cl_mem buffer, const void *host, size_t bytes,
                    const char *what);
void tilec_cl_read(cl_mem buffer, void *host, size_t bytes, const char *what);

/* Sets argument `index`, as clSetKernelArg does. */
void tilec_cl_arg(cl_kernel kernel, cl_uint index, size_t size,
                  const void *value);

/* Enqueues `kernel` over a `dims`-dimensional range; `local` may be NULL to
 * let the implementation choose. A range with a zero extent does nothing. */
void tilec_cl_launch(cl_kernel kernel, cl_uint dims, const size_t *global,
                     const size_t *local);

/* Releases a buffer from tilec_cl_alloc (NULL is allowed). */
void tilec_cl_release(cl_mem buffer);

/* Whether the selected device supports double precision (cl_khr_fp64), so
 * that emitted code can reject or adapt double kernels. */
int tilec_cl_device_supports_fp64(void);

/* Several devices (TILEC_DEVICES): a region is cut into slabs, one per
 * listed device (a device listed twice holds two slabs). Returns how many
 * slabs there are (1 without TILEC_DEVICES). */
int tilec_cl_slab_count(void);

/* Makes slab `slab`'s queue the one the calls above use, until the next
 * call. Slab 0's is current at first. */
void tilec_cl_use_slab(int slab);

/* The halo exchange between launches: copies `bytes` from slab
 * `source_slab`'s buffer `source` at `source_offset` to slab
 * `destination_slab`'s `destination` at `destination_offset`, once the work
 * queued on both slabs before it (or before tilec_cl_exchange_mark) is done.
 * The copy runs asynchronously, at the same time as copies into other slabs;
 * call tilec_cl_exchange_end after the exchange's last copy. */
void tilec_cl_copy_between(cl_mem destination, int destination_slab,
                           size_t destination_offset, cl_mem source,
                           int source_slab, size_t source_offset, size_t bytes,
                           const char *what);

/* Marks the work queued so far on the current slab as what the next
 * exchange's copies from and into it wait for; launches queued afterwards
 * run at the same time as those copies, so they must not touch the rows
 * copied. Without a mark a copy waits for all the work queued before it. */
void tilec_cl_exchange_mark(void);

/* Ends an exchange: work queued afterwards on a slab waits for the copies
 * into it and out of it. */
void tilec_cl_exchange_end(void);

#ifdef __cplusplus
}
#endif

#endif
