/* Times tilec_same_outside (tilec_rt.h) on two equal N^3 float arrays with
 * the calc range [1, N-1) on every axis: the whole scan that a ping-pong
 * pair's call site runs when its arrays agree outside the calc range (it
 * stops at the first difference otherwise). Prints the result and the time.
 *   cc -O2 -I runtime/include bench/streaming/same_outside_time.c -o t && ./t
 * 512 */
#include "tilec/tilec_rt.h"

#include <time.h>

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 512;
  const size_t points = (size_t)n * n * n;
  float *a = malloc(sizeof(float) * points);
  float *b = malloc(sizeof(float) * points);
  struct timespec start, end;
  size_t p;
  int same;
  if (!a || !b)
    return 1;
  for (p = 0; p < points; p++)
    a[p] = b[p] = (float)(p % 977);
  clock_gettime(CLOCK_MONOTONIC, &start);
  same = tilec_same_outside(a, b, sizeof(float), n, n, n, 1, n - 1, 1, n - 1, 1,
                            n - 1);
  clock_gettime(CLOCK_MONOTONIC, &end);
  printf("%ld^3: same=%d %.3f ms\n", n, same,
         (double)(end.tv_sec - start.tv_sec) * 1e3 +
             (double)(end.tv_nsec - start.tv_nsec) * 1e-6);
  free(a);
  free(b);
  return 0;
}
