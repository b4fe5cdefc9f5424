/* Builds a kernel with a syntax error. The runtime must stop the process with
 * the clBuildProgram error and the compiler's build log on stderr; the test
 * wrapper checks both, so returning from here is a failure. */
#include "tilec/tilec_rt_opencl.h"

#include <stdio.h>

int main(void) {
  static const char *const source[] = {
      "__kernel void broken(__global float *a) {\n"
      "  a[0] = tilec_build_error_marker\n"
      "}\n"};
  tilec_cl_kernel(source, 1, NULL, "broken");
  fputs("opencl_build_error: a kernel with a syntax error was built\n", stderr);
  return 0;
}
