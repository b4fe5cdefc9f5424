/* All-pairs shortest paths in the flat style: `int *dist` from malloc, read
 * as dist[i * n + j] (directly and through a macro), n from the command
 * line (arguments n seed, defaults 90 3); -DWITH_PATH keeps a flat
 * successor matrix, -DCONSTANT_N=N makes n the constant N. */
#include <stdio.h>
#include <stdlib.h>

/* The row length: the parameter n, or with -DCONSTANT_N the constant. */
#ifdef CONSTANT_N
#define SIZE CONSTANT_N
#else
#define SIZE n
#endif
#define AT(m, r, c) m[(r) * SIZE + (c)]
#define INF (1 << 29)

static void floyd(int n, int *dist, int *next) {
  int k, i, j;
  (void)n;
  (void)next;
#pragma apsp begin
#ifdef WITH_PATH
#pragma apsp data(int dist[SIZE][SIZE]) path(int next[SIZE][SIZE])
#else
#pragma apsp data(int dist[SIZE][SIZE])
#endif
#pragma apsp loops(k, i, j)
  for (k = 0; k < SIZE; k++)
    for (i = 0; i < SIZE; i++)
      for (j = 0; j < SIZE; j++)
        if (AT(dist, i, k) + dist[k * SIZE + j] < dist[j + SIZE * i]) {
          dist[i * SIZE + j] = AT(dist, i, k) + AT(dist, k, j);
#ifdef WITH_PATH
          next[i * SIZE + j] = next[i * SIZE + k];
#endif
        }
#pragma apsp end
}

int main(int argc, char **argv) {
#ifdef CONSTANT_N
  int n = CONSTANT_N;
#else
  int n = argc > 1 ? atoi(argv[1]) : 90;
#endif
  unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 3u;
  int *dist = malloc(sizeof(int) * (size_t)n * n);
  int *weight = malloc(sizeof(int) * (size_t)n * n);
  int *next = malloc(sizeof(int) * (size_t)n * n);
  if (!dist || !weight || !next) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      AT(dist, i, j) = i == j ? 0 : INF;
      AT(next, i, j) = j;
    }
  for (int i = 0; i < n; i++)
    for (int e = 0; e < 3; e++) {
      seed = seed * 1664525u + 1013904223u;
      int j = (int)((seed >> 9) % (unsigned)n);
      seed = seed * 1664525u + 1013904223u;
      int w = 1 + (int)((seed >> 9) % 50);
      if (i != j && w < AT(dist, i, j))
        AT(dist, i, j) = w;
    }
  for (int m = 0; m < n * n; m++)
    weight[m] = dist[m];
  floyd(n, dist, next);
  unsigned long hash = 0;
  long reachable = 0;
  for (int m = 0; m < n * n; m++) {
    hash = hash * 1000003u + (unsigned long)dist[m];
    reachable += dist[m] < INF;
  }
  printf("reachable %ld\n", reachable);
  printf("hash %lu\n", hash);
#ifdef WITH_PATH
  long bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (i == j || AT(dist, i, j) >= INF)
        continue;
      int length = 0, v = i, hops = 0;
      while (v != j && hops++ < n) {
        int to = AT(next, v, j);
        length += AT(weight, v, to);
        v = to;
      }
      bad += v != j || length != AT(dist, i, j);
    }
  printf("paths invalid %ld\n", bad);
#endif
  free(dist);
  free(weight);
  free(next);
  return 0;
}
