/* All-pairs shortest paths on a ring road: vertex i has a road to i - 1 of
 * length 1 and to i + 1 of length 3 (indices modulo n; n from the command
 * line, default 150), and shortcuts every 37 vertices. Most shortest paths
 * run through many vertices in descending order, across every tile row, so
 * each pivot round must see the previous rounds' results exactly. */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#define INF 1000000000

static void shortest_paths(int n, int *D) {
  int k, i, j;
#pragma apsp begin
#pragma apsp data(int D[n][n])
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i * n + k] + D[k * n + j] < D[i * n + j])
          D[i * n + j] = D[i * n + k] + D[k * n + j];
#pragma apsp end
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 150;
  int *D = malloc(sizeof(int) * n * n);
  if (!D) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      D[i * n + j] = i == j ? 0 : INF;
  for (int i = 0; i < n; i++) {
    if (n > 1) {
      D[i * n + (i + n - 1) % n] = 1;
      if (D[i * n + (i + 1) % n] > 3)
        D[i * n + (i + 1) % n] = 3;
    }
    if (i % 37 == 0 && n > 10)
      D[i * n + (i + n / 2) % n] = 5;
  }
  shortest_paths(n, D);
  report_ints("D", D, (size_t)n * n);
  free(D);
  return 0;
}
