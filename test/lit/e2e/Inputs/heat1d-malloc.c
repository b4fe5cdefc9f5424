/* A 1D heat rod whose length, step count and last updated point come from
 * the command line (arguments n steps end, defaults 300 9 n-2), on
 * `float *` arrays from malloc. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  int steps = argc > 2 ? atoi(argv[2]) : 9;
  int end = argc > 3 ? atoi(argv[3]) : n - 2;
  float *a = malloc(sizeof(float) * n);
  float *b = malloc(sizeof(float) * n);
  int t, i;
  if (!a || !b) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (i = 0; i < n; i++) {
    a[i] = (float)(i % 13);
    b[i] = 0.0f;
  }
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float a[n]) destination(float b[n])
#pragma stencil dimension(i)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 2; i < end; i++)
      b[i] = 0.25f * a[i - 2] + 0.25f * a[i - 1] + 0.25f * a[i + 1] +
             0.25f * a[i + 2];
#pragma stencil copy
    for (i = 2; i < end; i++)
      a[i] = b[i];
  }
#pragma stencil end
  report_floats("a", a, (size_t)n);
  report_floats("b", b, (size_t)n);
  printf("i %d\n", i);
  free(a);
  free(b);
  return 0;
}
