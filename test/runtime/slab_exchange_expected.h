/* The runtime slab tests (opencl_slabs_test.c, cuda_compile_test.cu): what
 * element i of slab s's n elements holds after the fill (1000 s + i), the
 * exchange (element 0 from the left neighbour's n - 2, element n - 1 from
 * the right neighbour's 1) and the launch after it (element n / 2 the sum
 * of the two that came in, the rest but the ends plus 10000). */
#ifndef TILEC_TEST_SLAB_EXCHANGE_EXPECTED_H
#define TILEC_TEST_SLAB_EXCHANGE_EXPECTED_H

static int slab_exchange_expected(int s, int slabs, int i, int n) {
  int first = s > 0 ? 1000 * (s - 1) + n - 2 : 0;
  int last = s + 1 < slabs ? 1000 * (s + 1) + 1 : 1000 * s + n - 1;
  return i == 0       ? first
         : i == n - 1 ? last
         : i == n / 2 ? first + last
                      : 1000 * s + i + 10000;
}

#endif
