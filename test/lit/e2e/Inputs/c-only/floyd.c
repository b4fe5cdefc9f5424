/* Floyd-Warshall shaped like PolyBench's: the path matrix comes from an
 * uncast malloc of a pointer to a whole N x N array, the kernel function
 * takes it as a `restrict` parameter, and the graph is filled through a
 * variable-length array parameter. None of this is C++. Prints the matrix
 * for small N. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 70
#endif

static void init_graph(int n, int path[restrict n][n]) {
  unsigned seed = 12345u;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      seed = seed * 1103515245u + 12345u;
      _Bool edge = (seed >> 16) % 4 == 0;
      path[i][j] = i == j ? 0 : edge ? 1 + (int)((seed >> 8) % 40) : 999999;
    }
}

static void kernel_floyd_warshall(int path[restrict N][N]) {
  int i, j, k;
#pragma apsp begin
#pragma apsp data(int path[N][N])
#pragma apsp loops(k, i, j)
  for (k = 0; k < N; k++)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
#pragma apsp end
}

int main(void) {
  int (*path)[N][N] = malloc(sizeof(int[N][N]));
  if (!path)
    return 1;
  init_graph(N, *path);
  kernel_floyd_warshall(*path);
  long long total = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      total += (*path)[i][j];
  printf("total %lld\n", total);
  for (int i = 0; i < N; i += 3)
    for (int j = 0; j < N; j += 5)
      printf("path[%d][%d] %d\n", i, j, (*path)[i][j]);
  free(path);
  return 0;
}
