/* All-pairs shortest paths on a graph whose vertex count comes from the
 * command line (arguments n seed, defaults DEFAULT_N = 70 and 1): the
 * distance matrix (and, with -DWITH_PATH, the successor matrix) is
 * allocated as `int (*D)[n]` and relaxed by a function that takes it as a
 * variable-length array parameter. -DUSE_FLOAT uses float distances. */
#include <stdio.h>
#include <stdlib.h>

#ifndef DEFAULT_N
#define DEFAULT_N 70
#endif

#ifdef USE_FLOAT
#define WEIGHT float
#define INF 1.0e30f
#else
#define WEIGHT int
#define INF 1000000000
#endif

static void shortest_paths(int n, WEIGHT D[n][n], int P[n][n]) {
  int k, i, j;
  (void)P;
#pragma apsp begin
#ifdef WITH_PATH
#pragma apsp data(WEIGHT D[n][n]) path(int P[n][n])
#else
#pragma apsp data(WEIGHT D[n][n])
#endif
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i][k] + D[k][j] < D[i][j]) {
          D[i][j] = D[i][k] + D[k][j];
#ifdef WITH_PATH
          P[i][j] = P[i][k];
#endif
        }
#pragma apsp end
  /* The loops leave k at n, as C does. */
  printf("k %d\n", k);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : DEFAULT_N;
  unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 1u;
  WEIGHT (*D)[n] = malloc(sizeof(WEIGHT) * n * n);
  WEIGHT (*W)[n] = malloc(sizeof(WEIGHT) * n * n); /* the edge weights */
  int (*P)[n] = malloc(sizeof(int) * n * n);
  if (!D || !W || !P) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      D[i][j] = i == j ? 0 : INF;
      P[i][j] = j;
    }
  /* Four pseudo-random out-edges per vertex, weights 1..20. */
  for (int i = 0; i < n; i++)
    for (int e = 0; e < 4; e++) {
      seed = seed * 1103515245u + 12345u;
      int j = (int)((seed >> 8) % (unsigned)n);
      seed = seed * 1103515245u + 12345u;
      WEIGHT w = (WEIGHT)(1 + (seed >> 8) % 20);
      if (i != j && w < D[i][j])
        D[i][j] = w;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      W[i][j] = D[i][j];
  shortest_paths(n, D, P);
  double sum = 0;
  long reachable = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (D[i][j] < INF) {
        sum += (double)D[i][j];
        reachable++;
      }
  printf("reachable %ld\n", reachable);
  printf("sum %.17g\n", sum);
  for (int i = 0; i < n && i < 5; i++) {
    unsigned long row = 0; /* a hash: wraps around */
    for (int j = 0; j < n; j++)
      row = row * 31u + (D[i][j] < INF ? (unsigned long)D[i][j] : 7u);
    printf("row %d %lu\n", i, row);
  }
#ifdef WITH_PATH
  /* Ties may pick another path of the same length: check that each path
   * P gives exists and has the length D gives. */
  long bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (i == j || !(D[i][j] < INF))
        continue;
      WEIGHT length = 0;
      int v = i, hops = 0;
      while (v != j && hops++ < n) {
        int next = P[v][j];
        length += W[v][next];
        v = next;
      }
      bad += v != j || length != D[i][j];
    }
  printf("paths invalid %ld\n", bad);
#endif
  free(D);
  free(W);
  free(P);
  return 0;
}
