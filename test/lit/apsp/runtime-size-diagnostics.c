// An apsp size known only at run time: the loops must run to the data
// clause's expression, the matrices must be square in it, and the region
// must not write what it reads.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void loops_to_other(int n, int m, int D[n][n]) {
  int k, i, j;
#pragma apsp begin
#pragma apsp data(int D[n][n])
#pragma apsp loops(k, i, j)
// CHECK: {{.*}}runtime-size-diagnostics.c:[[@LINE+1]]:15: error: the loop over 'k' runs over [0, m); an apsp loop must run over [0, n), the extent of 'D'
  for (k = 0; k < m; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#pragma apsp end
}

void vla_mismatch(int n, int D[n][n + 1]) {
  int k, i, j;
#pragma apsp begin
// CHECK: {{.*}}runtime-size-diagnostics.c:[[@LINE+1]]:23: error: '#pragma apsp data' declares 'D' as 'int[n][n]', but it is declared as 'int (*)[n + 1]'
#pragma apsp data(int D[n][n])
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#pragma apsp end
}

void writes_size(int n, int D[n][n]) {
  int k, i, j;
#pragma apsp begin
// CHECK: {{.*}}runtime-size-diagnostics.c:[[@LINE+1]]:25: error: extent 'n' of 'D' reads 'n', which the region writes; copy it to a variable the region does not change
#pragma apsp data(int D[n][n])
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j] + (n = n);
#pragma apsp end
}
void flat_off_by_one(int n, int *D) {
  int k, i, j;
#pragma apsp begin
#pragma apsp data(int D[n][n])
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
// CHECK: {{.*}}runtime-size-diagnostics.c:[[@LINE+1]]:13: error: 'D' is accessed as 'D[i * n + k + 1]'; the relaxation may only use D[i * n + j], D[i * n + k] and D[k * n + j]
        if (D[i * n + k + 1] + D[k * n + j] < D[i * n + j])
          D[i * n + j] = D[i * n + k] + D[k * n + j];
#pragma apsp end
}

void flat_and_shaped(int n, int *D, int P[n][n]) {
  int k, i, j;
#pragma apsp begin
// CHECK: {{.*}}runtime-size-diagnostics.c:[[@LINE+1]]:41: error: 'D' is declared as 'int *' and 'P' as 'int (*)[n]': the distance and path matrices must both be flat or both have their shape
#pragma apsp data(int D[n][n]) path(int P[n][n])
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i * n + k] + D[k * n + j] < D[i * n + j]) {
          D[i * n + j] = D[i * n + k] + D[k * n + j];
          P[i][j] = k;
        }
#pragma apsp end
}
// CHECK-NOT: error:
