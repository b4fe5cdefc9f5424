/* Floyd-Warshall with the element types and path forms the sample does not
 * cover: TYPE (unsigned or double), PATHFORM 0 (none), 1 (P[i][j] = k) or
 * 2 (P[i][j] = P[k][j], a predecessor matrix). Prints D and P whole, for
 * small N. */
#include <math.h>
#include <stdio.h>

#ifndef N
#define N 40
#endif
#ifndef TYPE
#define TYPE unsigned
#endif
#ifndef PATHFORM
#define PATHFORM 0
#endif

static TYPE D[N][N];
static int P[N][N];

int main(void) {
  unsigned seed = 7;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      seed = seed * 1103515245u + 12345u;
      D[i][j] = i == j ? 0 : (seed >> 16) % 5 == 0 ? (TYPE)(1 + (seed >> 8) % 50) : (TYPE)100000;
      P[i][j] = PATHFORM == 2 ? i : -1;
    }
#pragma apsp begin
#if PATHFORM
#pragma apsp data(TYPE D[N][N]) path(int P[N][N])
#else
#pragma apsp data(TYPE D[N][N])
#endif
#pragma apsp loops(k, i, j)
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j]) {
          D[i][j] = D[i][k] + D[k][j];
#if PATHFORM == 1
          P[i][j] = k;
#elif PATHFORM == 2
          P[i][j] = P[k][j];
#endif
        }
#pragma apsp end
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("D[%d][%d] %.17g P %d\n", i, j, (double)D[i][j], P[i][j]);
  return 0;
}
