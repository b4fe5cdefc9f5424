/* All-pairs shortest paths: Floyd-Warshall on a random directed graph,
 * annotated for tilec with #pragma apsp.
 *
 * Sizes and variants by -D:
 *   N=1024          vertices
 *   EDGES=4         random out-edges per vertex (the paper's graphs: 4n edges)
 *   COMPONENTS=1    edges stay inside vertex classes v % COMPONENTS, so with
 *                   2 or more the graph is disconnected (INF distances)
 *   USE_FLOAT       float distances (default int)
 *   REAL_WEIGHTS    float weights are random reals in [1, 100) instead of
 *                   small integers
 *   WITH_PATH       also keep a successor matrix P (P[i][j] = P[i][k])
 *   SEED=1          graph seed
 * Output (stdout): distance checksums, per-row sums of the first rows, a
 * hash of the whole matrix and, with WITH_PATH, the number of paths that do
 * not exist or do not have the reported length (0 when correct). The run
 * time goes to stderr. INF convention: int distances use INT_MAX / 2 for "no
 * edge" (so INF + INF does not overflow), float ones INFINITY. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef N
#define N 1024
#endif
#ifndef EDGES
#define EDGES 4
#endif
#ifndef COMPONENTS
#define COMPONENTS 1
#endif
#ifndef SEED
#define SEED 1
#endif

#ifdef USE_FLOAT
#define WEIGHT float
#define INF INFINITY
#else
#define WEIGHT int
#define INF (INT_MAX / 2)
#endif

static WEIGHT D[N][N];
static WEIGHT W[N][N]; /* the graph, to check paths against */
#ifdef WITH_PATH
static int P[N][N];
#endif

static unsigned long long rng = SEED;
static unsigned next_random(void) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(rng >> 33);
}

static WEIGHT random_weight(void) {
#ifdef REAL_WEIGHTS
  return (WEIGHT)(1.0 + 99.0 * (next_random() / 2147483648.0));
#else
  return (WEIGHT)(1 + next_random() % 100);
#endif
}

static void make_graph(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      W[i][j] = i == j ? 0 : INF;
  for (int i = 0; i < N; i++) {
    int peers = (N - 1 - i % COMPONENTS) / COMPONENTS + 1; /* class of i */
    for (int e = 0; e < EDGES; e++) {
      int j = i % COMPONENTS + COMPONENTS * (int)(next_random() % peers);
      if (j != i)
        W[i][j] = random_weight();
    }
  }
  memcpy(D, W, sizeof D);
#ifdef WITH_PATH
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      P[i][j] = W[i][j] < INF ? j : -1;
#endif
}

#ifdef WITH_PATH
/* Follows the successors from i to j; 1 when the path exists and has length
 * D[i][j] (the sum in path order, which is how the serial loop adds). */
static int path_ok(int i, int j) {
  double length = 0;
  int u = i;
  for (int steps = 0; u != j; steps++) {
    int v = P[u][j];
    if (steps >= N || v < 0 || v >= N || !(W[u][v] < INF))
      return 0;
    length += W[u][v];
    u = v;
  }
  double expected = D[i][j];
  return fabs(length - expected) <= 1e-4 * fabs(expected);
}
#endif

int main(void) {
  make_graph();
  int k, i, j;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
#ifdef WITH_PATH
#pragma acc data copy(D[0:N][0:N], P[0:N][0:N])
#else
#pragma acc data copy(D[0:N][0:N])
#endif
  for (k = 0; k < N; k++)
#pragma acc parallel loop collapse(2)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j]) {
          D[i][j] = D[i][k] + D[k][j];
#ifdef WITH_PATH
          P[i][j] = P[i][k];
#endif
        }
  i = j = N; /* OpenACC: i and j are private in the loop; the serial values */
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  fprintf(stderr, "apsp n=%d time %.6f s, %.3f G updates/s\n", N, seconds,
          (double)N * N * N / seconds * 1e-9);

  double sum = 0;
  long unreachable = 0;
  unsigned long long hash = 1469598103934665603ULL;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (D[i][j] < INF)
        sum += D[i][j];
      else
        unreachable++;
      const unsigned char *bytes = (const unsigned char *)&D[i][j];
      for (size_t b = 0; b < sizeof D[i][j]; b++)
        hash = (hash ^ bytes[b]) * 1099511628211ULL;
    }
  printf("n %d loops %d %d %d\n", N, k, i, j);
  printf("D sum %.17g\n", sum);
  printf("D unreachable %ld\n", unreachable);
  for (i = 0; i < N && i < 8; i++) {
    double row = 0;
    for (j = 0; j < N; j++)
      row += D[i][j] < INF ? D[i][j] : 0;
    printf("D row %d sum %.17g\n", i, row);
  }
  printf("D hash %016llx\n", hash);
#ifdef WITH_PATH
  long bad = 0;
  /* Every pair for small graphs, a fixed sample of rows for large ones. */
  int stride = N <= 256 ? 1 : N / 64;
  for (i = 0; i < N; i += stride)
    for (j = 0; j < N; j++)
      if (i != j && D[i][j] < INF && !path_ok(i, j))
        bad++;
  printf("paths invalid %ld\n", bad);
#endif
  return 0;
}
