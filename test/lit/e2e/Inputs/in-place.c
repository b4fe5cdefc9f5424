/* An in-place update, as PolyBench's fdtd-2d writes its fields: the nest
 * writes A and reads it only at the point being written, next to a
 * read-only coefficient array read at offsets; rows 0 and N-1 are part of
 * the range. The role-free data clause lists both arrays. Prints samples. */
#include <stdio.h>
#define N 50
static float A[N][N], C[N][N];
int main(void) {
  int t, i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (float)((i * 3 + j) % 5);
      C[i][j] = 0.01f * (float)(i % 3);
    }
#pragma stencil begin
#pragma stencil step(t:7)
#pragma stencil data(float A[N][N], float C[N][N])
#pragma stencil dimension(i, j)
  for (t = 0; t < 7; t++) {
#pragma stencil calc
    for (i = 0; i < N; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = A[i][j] * (1.0f - C[i][j]) + C[i][j - 1] * C[i][j + 1];
  }
#pragma stencil end
  for (i = 0; i < N; i += 7)
    for (j = 0; j < N; j += 5)
      printf("A[%d][%d] %.9e\n", i, j, (double)A[i][j]);
  return 0;
}
