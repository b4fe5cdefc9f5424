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
// CHECK-NOT: error:
