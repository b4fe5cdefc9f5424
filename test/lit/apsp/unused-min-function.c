// A static min function only the region's loop calls: after translation no
// C code calls it, and the call site names it so that tilec-cc builds with
// -Wall -Werror as cc does (-Wunused-function). Found by test/fuzz.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %tilec-cc -std=c11 -Wall -Wextra -Werror %s -o %t/program
// RUN: %cc -std=c11 -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t/serial
// RUN: env POCL_DEVICES=pthread %t/program > %t/program.out
// RUN: %t/serial > %t/serial.out
// RUN: cmp %t/serial.out %t/program.out
// RUN: %tilec-cc --target=cuda -std=c11 -Wall -Wextra -Werror -c %s -o %t/cuda.o
// RUN: %tilec -o %t/out %s && %FileCheck %s < %t/out/unused-min-function.c
// CHECK:      /* The kernels compute what imin did in the loop. */
// CHECK-NEXT: (void)imin;
#include <stdio.h>
#define N 16
static int imin(int a, int b) { return a < b ? a : b; }
static int D[N][N];
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) D[i][j] = i == j ? 0 : 1 + (i * 7 + j * 3) % 23;
#pragma apsp begin
#pragma apsp data(int D[N][N])
#pragma apsp loops(k, i, j)
  for (int k = 0; k < N; k++) for (int i = 0; i < N; i++) for (int j = 0; j < N; j++)
        D[i][j] = imin(D[i][j], D[i][k] + D[k][j]);
#pragma apsp end
  printf("%d\n", D[N - 1][0]); return 0; }
