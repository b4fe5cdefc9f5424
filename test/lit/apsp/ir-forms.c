// The accepted update forms all build the same IR; --dump-params prints the
// parameters in --params syntax and --explain every step of the choice.
// RUN: %tilec --dump-ir %s -- -DFORM=1 | %FileCheck %s --check-prefixes=IR,IF
// RUN: %tilec --dump-ir %s -- -DFORM=2 | %FileCheck %s --check-prefixes=IR,MACRO
// RUN: %tilec --dump-ir %s -- -DFORM=3 | %FileCheck %s --check-prefixes=IR,FUNC
// RUN: %tilec --dump-ir %s -- -DFORM=4 | %FileCheck %s --check-prefixes=IR,TERN
// RUN: %tilec --dump-ir %s -- -DFORM=5 | %FileCheck %s --check-prefixes=IR,LE
// RUN: %tilec --dump-ir %s -- -DFORM=6 | %FileCheck %s --check-prefixes=IR,GT
// RUN: %tilec --dump-params %s -- -DFORM=1 | %FileCheck %s --check-prefix=PARAMS
// RUN: %tilec --dump-params --params=fw:16,4,4,2 %s -- -DFORM=1 | %FileCheck %s --check-prefix=OVERRIDE
// RUN: %tilec --explain --device=h200 --target=cuda %s -- -DFORM=1 -DN=8192 | %FileCheck %s --check-prefix=EXPLAIN
#ifndef N
#define N 100
#endif
#define min(a, b) ((a) < (b) ? (a) : (b))
int imin(int a, int b) { return a < b ? a : b; }
int D[N][N];

void fw(void) {
#pragma apsp begin
#pragma apsp data(int D[N][N])
#pragma apsp loops(k, i, j)
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
#if FORM == 1
        if (D[i][k] + D[k][j] < D[i][j])
          D[i][j] = D[i][k] + D[k][j];
#elif FORM == 2
        D[i][j] = min(D[i][j], D[i][k] + D[k][j]);
#elif FORM == 3
        D[i][j] = imin(D[k][j] + D[i][k], D[i][j]);
#elif FORM == 4
        D[i][j] = D[i][k] + D[k][j] < D[i][j] ? D[i][k] + D[k][j] : D[i][j];
#elif FORM == 5
        if (D[i][k] + D[k][j] <= D[i][j]) D[i][j] = D[i][k] + D[k][j];
#else
        if (D[i][j] > D[i][k] + D[k][j]) { D[i][j] = D[i][k] + D[k][j]; }
#endif
#pragma apsp end
}

// IR: apsp_region ir_forms at ir-forms.c:20
// IR-NEXT: distance int D[100][100]
// IR-NEXT: loops k=k i=i j=j over [0, 100)
// IF-NEXT: update D[i][j] = min(D[i][j], D[i][k] + D[k][j]) form=if-less{{$}}
// MACRO-NEXT: form=ternary{{$}}
// FUNC-NEXT: form=min-call via imin
// TERN-NEXT: form=ternary{{$}}
// LE-NEXT: form=if-less-equal
// GT-NEXT: form=if-less{{$}}
// IR-NEXT: blocking fw:32,8,8,1 (chosen): tile 32, padded n 128, 4 pivot rounds

// PARAMS: # ir_forms (ir-forms.c:20): apsp, chosen
// PARAMS-NEXT: fw:32,8,8,1
// OVERRIDE: # ir_forms (ir-forms.c:20): apsp, --params
// OVERRIDE-NEXT: fw:16,4,4,2

// EXPLAIN: ; explain: apsp region ir_forms (ir-forms.c:20): n = 8192, int (d = 4 bytes), device h200
// EXPLAIN: t = 32: N_b/N_c = 0.250 >= b/c
// EXPLAIN: t = 64: N_b/N_c = 0.125 < b/c: memory is not the bottleneck
// EXPLAIN: step 4 (blocks): 2 tile(s) per block, 128 threads per block (target 128), 8128 non-pivot blocks per round
// EXPLAIN: ; explain: result: fw:64,8,8,2
