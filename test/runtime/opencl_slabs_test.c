/* The OpenCL runtime with several slabs (TILEC_DEVICES; on pocl, which poses
 * as several CPU devices with POCL_DEVICES="pthread pthread pthread"): each
 * slab gets its own buffer and launch, then the slabs exchange their edge
 * elements as a halo exchange does, and a second launch on each slab reads
 * what came in and overwrites what went out: it must run after the copies
 * both ways. The first argument, if any, is the slab count expected. Reports
 * only on stderr. */
#include "slab_exchange_expected.h"
#include "tilec/tilec_rt_opencl.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const source[] = {
    "__kernel void fill(__global int *v, const int value) {\n"
    "  v[get_global_id(0)] = value + (int)get_global_id(0);\n"
    "}\n"
    "__kernel void next(__global int *v, const int n) {\n"
    "  const int i = (int)get_global_id(0);\n"
    "  if (i == n / 2)\n"
    "    v[i] = v[0] + v[n - 1];\n"
    "  else if (i > 0 && i < n - 1)\n"
    "    v[i] += 10000;\n"
    "}\n"};

enum { N = 256, MAX_SLABS = 8 };

int main(int argc, char **argv) {
  int slabs = tilec_cl_slab_count();
  if (argc > 1 && slabs != atoi(argv[1])) {
    fprintf(stderr, "opencl_slabs_test: %d slabs, expected %s\n", slabs,
            argv[1]);
    return 1;
  }
  if (slabs > MAX_SLABS)
    return 1;
  cl_mem buffers[MAX_SLABS];
  cl_kernel fill = tilec_cl_kernel(source, 1, "-cl-std=CL1.2", "fill");
  for (int s = 0; s < slabs; s++) {
    tilec_cl_use_slab(s);
    buffers[s] = tilec_cl_alloc(N * sizeof(int), "v");
    int value = 1000 * s;
    size_t global = N, local = 64;
    tilec_cl_arg(fill, 0, sizeof buffers[s], &buffers[s]);
    tilec_cl_arg(fill, 1, sizeof value, &value);
    tilec_cl_launch(fill, 1, &global, &local);
  }
  /* Each slab's first element becomes its left neighbour's last but one,
   * its last element its right neighbour's second. */
  for (int s = 1; s < slabs; s++) {
    tilec_cl_copy_between(buffers[s], s, 0, buffers[s - 1], s - 1,
                          (N - 2) * sizeof(int), sizeof(int), "v");
    tilec_cl_copy_between(buffers[s - 1], s - 1, (N - 1) * sizeof(int),
                          buffers[s], s, sizeof(int), sizeof(int), "v");
  }
  tilec_cl_exchange_end();
  cl_kernel next = tilec_cl_kernel(source, 1, "-cl-std=CL1.2", "next");
  for (int s = 0; s < slabs; s++) {
    tilec_cl_use_slab(s);
    int n = N;
    size_t global = N, local = 64;
    tilec_cl_arg(next, 0, sizeof buffers[s], &buffers[s]);
    tilec_cl_arg(next, 1, sizeof n, &n);
    tilec_cl_launch(next, 1, &global, &local);
  }
  int failures = 0;
  for (int s = 0; s < slabs; s++) {
    static int v[N];
    tilec_cl_use_slab(s);
    tilec_cl_read(buffers[s], v, sizeof v, "v");
    for (int i = 0; i < N; i++) {
      int want = slab_exchange_expected(s, slabs, i, N);
      if (v[i] != want) {
        fprintf(stderr, "opencl_slabs_test: slab %d: v[%d] = %d, expected %d\n",
                s, i, v[i], want);
        failures++;
        break;
      }
    }
    tilec_cl_release(buffers[s]);
  }
  return failures != 0;
}
