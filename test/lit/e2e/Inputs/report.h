/* Printing helpers shared by the end-to-end inputs: a sum (in double), an
 * FNV-1a hash of the bytes, and a few values, so compare_outputs.py can check
 * the translated program against the serial one. */
#include <stdio.h>

static inline void report_bytes(const char *name, const void *data, size_t bytes) {
  const unsigned char *p = (const unsigned char *)data;
  unsigned long long h = 0xcbf29ce484222325ULL;
  for (size_t n = 0; n < bytes; n++) {
    h ^= p[n];
    h *= 0x100000001b3ULL;
  }
  printf("%s hash %016llx\n", name, h);
}

static inline void report_floats(const char *name, const float *v, size_t n) {
  double sum = 0;
  for (size_t m = 0; m < n; m++)
    sum += v[m];
  printf("%s sum %.9e\n", name, sum);
  printf("%s first %.9e\n", name, (double)v[0]);
  printf("%s middle %.9e\n", name, (double)v[n / 2]);
  report_bytes(name, v, n * sizeof *v);
}

static inline void report_doubles(const char *name, const double *v, size_t n) {
  double sum = 0;
  for (size_t m = 0; m < n; m++)
    sum += v[m];
  printf("%s sum %.17e\n", name, sum);
  printf("%s middle %.17e\n", name, v[n / 2]);
  report_bytes(name, v, n * sizeof *v);
}

static inline void report_ints(const char *name, const int *v, size_t n) {
  long long sum = 0;
  for (size_t m = 0; m < n; m++)
    sum += v[m];
  printf("%s sum %lld\n", name, sum);
  report_bytes(name, v, n * sizeof *v);
}
