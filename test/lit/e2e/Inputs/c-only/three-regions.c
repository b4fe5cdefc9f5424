/* Three regions in one file, in three functions: a 1D smoother, a 2D one
 * whose weight a host statement halves every step (the host functions get
 * each step's value), and Floyd-Warshall. A loop variable is read after its
 * region. Prints a checksum of every array. */
#include <stdio.h>
#define N 64
static float a[N], b[N], c[N][N], d[N][N];
static int D[40][40];
static void smooth1(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:5)
#pragma stencil data source(float a[N]) destination(float b[N])
#pragma stencil dimension(i)
  for (t = 0; t < 5; t++) {
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      b[i] = 0.5f * (a[i - 1] + a[i + 1]);
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      a[i] = b[i];
  }
#pragma stencil end
}
static void smooth2(float w) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float c[N][N]) destination(float d[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < 4; t++) {
    w = w * 0.5f;
#pragma stencil calc
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        d[i][j] = c[i][j] + w * (c[i - 1][j] + c[i + 1][j] - 2.0f * c[i][j]);
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        c[i][j] = d[i][j];
  }
#pragma stencil end
  printf("i %d j %d\n", i, j);
}
static void paths(void) {
#pragma apsp begin
#pragma apsp data(int D[40][40])
#pragma apsp loops(k, i, j)
  for (int k = 0; k < 40; k++)
    for (int i = 0; i < 40; i++)
      for (int j = 0; j < 40; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#pragma apsp end
}
int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (float)(i % 7);
    for (int j = 0; j < N; j++)
      c[i][j] = (float)((i * j) % 5);
  }
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      D[i][j] = i == j ? 0 : 1 + (i * 7 + j * 3) % 23;
  smooth1();
  smooth2(0.4f);
  paths();
  double s = 0;
  for (int i = 0; i < N; i++) {
    s += a[i] + b[i];
    for (int j = 0; j < N; j++)
      s += c[i][j] + d[i][j];
  }
  long p = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      p += D[i][j];
  printf("sum %.9e paths %ld\n", s, p);
  return 0;
}
