// Every rejected apsp form: exit 1, a diagnostic at the offending
// file:line:col, and no output files.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %tilec -o %t/order %s -- -DCASE=1 2>&1 | %FileCheck %s --check-prefix=ORDER
// RUN: %not %tilec -o %t/bounds %s -- -DCASE=2 2>&1 | %FileCheck %s --check-prefix=BOUNDS
// RUN: %not %tilec -o %t/square %s -- -DCASE=3 2>&1 | %FileCheck %s --check-prefix=SQUARE
// RUN: %not %tilec -o %t/maxplus %s -- -DCASE=4 2>&1 | %FileCheck %s --check-prefix=MAXPLUS
// RUN: %not %tilec -o %t/subscript %s -- -DCASE=5 2>&1 | %FileCheck %s --check-prefix=SUBSCRIPT
// RUN: %not %tilec -o %t/macro %s -- -DCASE=6 2>&1 | %FileCheck %s --check-prefix=MACRO
// RUN: %not %tilec -o %t/sum %s -- -DCASE=7 2>&1 | %FileCheck %s --check-prefix=SUM
// RUN: %not %tilec -o %t/path %s -- -DCASE=8 2>&1 | %FileCheck %s --check-prefix=PATH
// RUN: %not %tilec -o %t/pathle %s -- -DCASE=9 2>&1 | %FileCheck %s --check-prefix=PATHLE
// RUN: %not %tilec -o %t/type %s -- -DCASE=10 2>&1 | %FileCheck %s --check-prefix=TYPE
// RUN: %not %tilec -o %t/notmin %s -- -DCASE=11 2>&1 | %FileCheck %s --check-prefix=NOTMIN
// RUN: %not %tilec -o %t/missing %s -- -DCASE=12 2>&1 | %FileCheck %s --check-prefix=MISSING
// RUN: %not %tilec -o %t/syntax %s -- -DCASE=13 2>&1 | %FileCheck %s --check-prefix=SYNTAX
// RUN: %not %tilec -o %t/params --device=h200 --params=fw:256,8,8,1 %s -- -DCASE=0 2>&1 | %FileCheck %s --check-prefix=PARAMS
// RUN: not ls %t/order %t/bounds %t/square %t/maxplus %t/subscript %t/macro %t/sum %t/path %t/pathle %t/type %t/notmin %t/missing %t/syntax %t/params
#define N 64
int D[N][N], P[N][N];
float F[N][N];
int other(int a, int b) { return a + b; }
#define FW_LOOP for (int k = 0; k < N; k++) for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) if (D[i][k] + D[k][j] < D[i][j]) D[i][j] = D[i][k] + D[k][j];

void fw(void) {
#pragma apsp begin
#if CASE == 3
#pragma apsp data(int D[N][N + 1])
#elif CASE == 8 || CASE == 9
#pragma apsp data(int D[N][N]) path(int P[N][N])
#elif CASE == 10
#pragma apsp data(int F[N][N])
#elif CASE == 12
#elif CASE == 13
#pragma apsp data(long D[N][N])
#else
#pragma apsp data(int D[N][N])
#endif
#pragma apsp loops(k, i, j)
#if CASE == 1
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#elif CASE == 2
  for (int k = 0; k < N; k++)
    for (int i = 1; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#elif CASE == 4
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] > D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#elif CASE == 5
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[j][k] < D[i][j])
          D[i][j] = D[i][k] + D[j][k];
#elif CASE == 6
  FW_LOOP
#elif CASE == 7
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[i][k];
#elif CASE == 8 || CASE == 9
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
#if CASE == 8
        if (D[i][k] + D[k][j] < D[i][j]) {
          D[i][j] = D[i][k] + D[k][j];
          P[i][j] = P[k][i];
        }
#else
        if (D[i][k] + D[k][j] <= D[i][j]) {
          D[i][j] = D[i][k] + D[k][j];
          P[i][j] = k;
        }
#endif
#elif CASE == 10
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (F[i][k] + F[k][j] < F[i][j])
          F[i][j] = F[i][k] + F[k][j];
#elif CASE == 11
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        D[i][j] = other(D[i][j], D[i][k] + D[k][j]);
#else
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#endif
#pragma apsp end
}

// ORDER: diagnostics.c:41:3: error: the outermost (pivot) loop must run over 'k' (loops(k, i, j): pivot, row, column, outermost first), but it runs over 'i'
// BOUNDS: diagnostics.c:48:21: error: the loop over 'i' runs over [1, 64); an apsp loop must run over [0, 64), the extent of 'D'
// SQUARE: diagnostics.c:28:28: error: 'D' is not square: 64 x 65; all-pairs shortest paths needs 'D[N][N]'
// MAXPLUS: diagnostics.c:56:13: error: expected a min-plus relaxation of 'D[i][j]': 'if (D[i][k] + D[k][j] < D[i][j]) D[i][j] = D[i][k] + D[k][j];', 'D[i][j] = min(D[i][j], D[i][k] + D[k][j]);' or 'D[i][j] = D[i][k] + D[k][j] < D[i][j] ? D[i][k] + D[k][j] : D[i][j];'
// SUBSCRIPT: diagnostics.c:62:23: error: 'D' is accessed as 'D[j][k]'; the relaxation may only use D[i][j], D[i][k] and D[k][j]
// MACRO: diagnostics.c:65:3: error: apsp region comes from a macro expansion; tilec does not rewrite code inside macros
// SUM: diagnostics.c:71:21: error: expected 'D[i][k] + D[k][j]' here, the same sum the condition compares
// PATH: diagnostics.c:79:21: error: 'P' is accessed as 'P[k][i]'; the relaxation may only use P[i][j], P[i][k] and P[k][j]
// PATHLE: diagnostics.c:82:31: error: '<=' would rewrite the path on ties; use '<' when a path matrix is kept
// TYPE: diagnostics.c:32:23: error: '#pragma apsp data' declares 'F' as 'int[64][64]', but it is declared as 'float[64][64]'
// NOTMIN: diagnostics.c:97:19: error: 'other' is not a minimum: expected fmin, fminf, or a function whose body is 'return a < b ? a : b;'
// MISSING: diagnostics.c:26:14: error: apsp region is missing '#pragma apsp data'
// SYNTAX: diagnostics.c:35:19: error: expected the distance matrix's element type (int, unsigned, float or double), found 'long'
// PARAMS: diagnostics.c:26:14: error: cannot use these apsp parameters: the pivot kernels need
