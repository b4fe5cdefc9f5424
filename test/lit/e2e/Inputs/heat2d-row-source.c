/* A 2D heat stencil on a square grid whose size and step count come from
 * the command line (arguments n steps, defaults 30 5), with a heat source
 * that grows along the rows: the update reads the row index i itself, and
 * both loops run to the same bound n - 1. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

static void heat(int n, int steps, double (*a)[n], double (*b)[n]) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t : steps)
#pragma stencil data source(double a[n][n]) destination(double b[n][n])
#pragma stencil dimension(i, j)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                         a[i][j + 1]) +
                  1e-3 * i;
#pragma stencil copy
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        a[i][j] = b[i][j];
  }
#pragma stencil end
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  int steps = argc > 2 ? atoi(argv[2]) : 5;
  double(*a)[n] = malloc(sizeof(double) * n * n);
  double(*b)[n] = malloc(sizeof(double) * n * n);
  if (!a || !b) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (double)((i * 5 + j * 3) % 7);
      b[i][j] = 0.0;
    }
  heat(n, steps, a, b);
  report_doubles("a", &a[0][0], (size_t)n * n);
  report_doubles("b", &b[0][0], (size_t)n * n);
  free(a);
  free(b);
  return 0;
}
