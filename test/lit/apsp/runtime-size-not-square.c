// An apsp matrix sized at run time must be square in one expression.
// RUN: rm -rf %t && %not %tilec -o %t %s 2>&1 | %FileCheck %s
// RUN: test ! -e %t
void not_square(int n, int m, int *D) {
  int k, i, j;
#pragma apsp begin
// CHECK: {{.*}}runtime-size-not-square.c:[[@LINE+1]]:28: error: 'D' is not square: n x m; all-pairs shortest paths needs 'D[N][N]'
#pragma apsp data(int D[n][m])
#pragma apsp loops(k, i, j)
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        if (D[i * n + k] + D[k * n + j] < D[i * n + j])
          D[i * n + j] = D[i * n + k] + D[k * n + j];
#pragma apsp end
}

// CHECK-NOT: error:
