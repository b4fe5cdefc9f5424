// --explain: every proposal with the numbers behind its conditions, the
// result and the predicted run time; --params overrides the search and
// --params=naive skips it.
// RUN: %tilec --device=tesla-c2070 --explain %s | %FileCheck %s --check-prefix=PAPER
// RUN: %tilec --device=h200 --explain --dump-params %s | %FileCheck %s --check-prefix=HOPPER
// RUN: %tilec --device=h200 --explain --params=64,4,1,2 %s | %FileCheck %s --check-prefix=GIVEN
// RUN: %tilec --device=h200 --explain --params=naive --dump-params %s | %FileCheck %s --check-prefix=NAIVE
// RUN: %tilec --device=h200 --explain -o %t.fd %samples/fdtd2d/fdtd2d.c -- -DNX=4096 -DNY=4096 | %FileCheck %s --check-prefix=FUSED
// heat3d's streaming kernel chains its levels one row apart
// (chainsStreamedLevels); the 2D kernel above does not (HOPPER's T2 line).
// RUN: %tilec --device=h200 --explain -o %t.h3 %samples/heat3d/heat3d.c -- -DNX=256 -DNY=256 -DNZ=256 | %FileCheck %s --check-prefix=CHAINED
// CHAINED:     chosen: {{[0-9]+,[0-9]+,1,[2-9]}}
// CHAINED:     per further step (levels chained one row apart)
// For CUDA the launch sizes the streaming kernel's rings beyond 48 KiB, up
// to the profile's 232448 bytes; at 512^3 the choice takes 3 levels of 2
// slots of 34 x 66 floats (53856 bytes). OpenCL's limit stays 49152.
// RUN: %tilec --target=cuda --device=h200 --explain -o %t.h3c %samples/heat3d/heat3d.c -- -DNX=512 -DNY=512 -DNZ=512 | %FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: streaming kernel (the outermost axis one deep): {{[0-9]+}} of {{[0-9]+}} vectors fit (rings up to 232448 bytes, sized at launch beyond 49152); the fastest predicted is 64,8,1,4,4 ({{[0-9.]+}} ps per point-step; rings of 53856 bytes, sized at launch), faster than
// DYNAMIC: chosen: 64,8,1,4,4

#define NX 2048
#define NY 2048
#define STEPS 100

float A[NY][NX], B[NY][NX];

void run(void) {
  int t, i, j;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(float A[NY][NX]) destination(float B[NY][NX])
#pragma stencil dimension(i, j)
  for (t = 0; t < STEPS; t++) {
#pragma stencil calc
    for (i = 1; i < NY - 1; i++)
      for (j = 1; j < NX - 1; j++)
        B[i][j] = 0.5f * A[i][j] + 0.125f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma stencil copy
    for (i = 1; i < NY - 1; i++)
      for (j = 1; j < NX - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma stencil end
}

// PAPER:      ; explain explain (explain.c:[[#]])
// PAPER-NEXT:   device tesla-c2070, rule paper-gpu
// PAPER-NEXT:   2D grid 2048 x 2048 (x last), 100 steps; 2 arrays, 1 read by calc, 6 operators per point; BF_alg(1) = 8 B / 6 ops = 1.333
// PAPER:        step 1: W < 32: W = 32 -> 32,1,1,1: adopted
// PAPER-NEXT:     tile 408 <= 16384 B ok; BF_alg 1.3333 >= BF_sys 0.1400 ok; work groups 130944 > 8192 ok; group size 32 <= 1024 ok; fits grid and steps ok
// PAPER-NEXT:   step 2: memory-bound: T = T + 1 -> 32,1,1,2: adopted
// PAPER:        memory-bound: T = T + 1 -> 32,1,1,3: rejected
// PAPER-NEXT:     BF_alg 0.0494 >= BF_sys 0.1400 FAILS
// PAPER:        H and D fixed: W = 2W -> 64,8,1,2: rejected
// PAPER-NEXT:     work groups 8192 > 8192 FAILS
// PAPER:        chosen: 32,8,1,2
// PAPER:        predicted run time (Ito et al.: T1 + I x T2 + T3) for 32,8,1,2:
// PAPER:        I = 50 launches
// PAPER:        selection took

// The evolution search ends at an overlapped-tiling vector; the streaming
// kernel's best vector is predicted faster, and faster than naive by more
// than the margin. A further step costs less than the first and less in a
// narrower group (the profile's stream_level_ps_2d, 0.35 ps at 128 work
// items, x 1.15 per doubling: 0.304 ps at 64), so T = 8 wins: 64,1,1,8
// with chunks of 64 rows, half the default (41 x 32 = 1312 >= 1056
// groups, 88 row trips a launch of at least 300 ns each, 26.4 us), 414
// us, ahead of 64,1,1,4 and 128,1,1,4 with chunks of 32 (448 and 442 us).
// 128,1,1,8 with chunks of 32 is predicted within 1% (411 us), and ties
// go to the smaller group; with chunks of 64 it has too few groups (576).
// HOPPER:       device h200, rule hopper
// HOPPER:       search result: 32,16,1,4
// HOPPER-NEXT:  streaming kernel (the outermost axis one deep): {{[0-9]+}} of {{[0-9]+}} vectors fit; the fastest predicted is 64,1,1,8,1,64 ({{.*}}), faster than 32,16,1,4
// HOPPER-NEXT:  blocked mapping chosen: predicted kernel time
// HOPPER:       chosen: 64,1,1,8,1,64
// HOPPER:       B1 7.7 GB/s measured
// The streaming kernel's launch is priced with its own figures (the
// profile's stream_item_ps_2d and stream_level_ps_2d, the latter for the
// group's size, and the least time of a row trip), the blocked kernel's
// with the blocked ones.
// HOPPER:       B2 3910 GB/s measured, L2 3.62 us measured, streaming: 0.8 ps per point for a launch's first step + 0.304 ps per further step (x 1.15 per doubling of the group from 128 work items), row trips at least 300 ns each: 26.4 us per launch)
// HOPPER:       blocked mapping
// HOPPER-NEXT:  {{^64,1,1,8,1,64$}}

// GIVEN:        parameters given with --params
// GIVEN-NEXT:   predicted run time (Ito et al.: T1 + I x T2 + T3) for 64,4,1,2:
// GIVEN:        per-item terms 2.93 ps + 2.42 ps per extra step
// GIVEN:        I = 50 launches

// NAIVE:        naive mapping requested (--params=naive)
// NAIVE:        {{^naive$}}

// Fused stages price a further step with stream_fused_level_ps_2d, the
// same for every group: fdtd2d (four stages) at 4096^2 ran fastest at
// 128,1,1,4 (H100), and T = 8 lost at every width.
// FUSED:        chosen: 128,1,1,4
// FUSED:        streaming: 0.8 ps per point for a launch's first step + 0.8 ps per further step (fused stages), row trips
