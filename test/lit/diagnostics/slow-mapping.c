// A progress line printed from the time loop forces one step per launch;
// tilec names it, with the speeds the search predicts with and without it
// (H200 profile: temporal blocking pays there). The IR records the same.
// RUN: rm -rf %t && %tilec --target=cuda --device=h200 --dump-ir -o %t %s 2>%t.err | %FileCheck %s --check-prefix=IR
// RUN: %FileCheck %s --input-file=%t.err
// RUN: test -f %t/slow-mapping_tilec.cu
// RUN: %tilec --target=cuda --device=h200 -Wno-tilec-slow-mapping --dump-params %s 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: %not %tilec --target=cuda --device=h200 -Werror -o %t/werror %s 2>&1 | %FileCheck %s --check-prefix=ERROR
// RUN: test ! -e %t/werror
// Without the statement: no warning, and the search takes the faster
// mapping the note names.
// RUN: sed -e '/fprintf/d' %s > %t-fast.c
// RUN: %tilec --target=cuda --device=h200 --dump-params %t-fast.c 2>&1 | %FileCheck %s --check-prefix=FAST
// Several sweeps per step (PolyBench's fdtd-2d) with a progress line every
// ten steps: the same warning at the statement.
// RUN: sed -e '/ey\[i + 1\]\[j\] - ey\[i\]\[j\]);/a\    if (t %% 10 == 0) fprintf(stderr, "t=%%d\\n", t);' %samples/fdtd2d/fdtd2d.c > %t-fdtd.c
// RUN: %tilec --target=cuda --device=h200 --dump-params %t-fdtd.c -DNX=4096 -DNY=4096 2>&1 | %FileCheck %s --check-prefix=FDTD
// FDTD: fdtd.c:[[#]]:5: warning: this statement in the time loop forces one time step per launch: predicted {{[0-9]+}} GStencil/s, {{[0-9]+}} GStencil/s without it [-Wtilec-slow-mapping]
// FDTD-NEXT: if (t % 10 == 0) fprintf
#include <stdio.h>
#define NX 512
#define NY 512
#define NZ 512
float A[NZ][NY][NX], B[NZ][NY][NX];

void run(void) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:100)
#pragma stencil data source(float A[NZ][NY][NX]) destination(float B[NZ][NY][NX])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < 100; t++) {
#pragma stencil calc
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          B[i][j][k] = 0.4f * A[i][j][k] + 0.1f * (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]);
#pragma stencil copy
    for (i = 1; i < NZ - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NX - 1; k++)
          A[i][j][k] = B[i][j][k];
// CHECK: slow-mapping.c:[[@LINE+3]]:5: warning: this statement in the time loop forces one time step per launch: predicted [[WITH:[0-9]+]] GStencil/s, [[WITHOUT:[0-9]+]] GStencil/s without it [-Wtilec-slow-mapping]
// CHECK: slow-mapping.c:[[@LINE+2]]:5: note: without it, each launch would advance [[T:[2-9]]] time steps (--params=[[VECTOR:[0-9,]+]])
// ERROR: slow-mapping.c:[[@LINE+1]]:5: error: this statement in the time loop forces one time step per launch: {{.*}} [-Werror,-Wtilec-slow-mapping]
    fprintf(stderr, "step %d\n", t);
  }
#pragma stencil end
}
// IR: mapping: {{blocked|streamed}}, {{.*}}T=1
// IR: slowed by: the host statement at line {{[0-9]+}} forces one time step per launch ({{[0-9.]+}} GStencil/s predicted, {{[0-9.]+}} with --params={{[0-9,]+}} without it)
// QUIET-NOT: warning
// FAST-NOT: warning
// FAST: {{^[0-9]+,[0-9]+,[0-9]+,[2-9]}}
