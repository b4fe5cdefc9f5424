// A reduction whose variable each step sets before calc and nothing else in
// the step touches: only the last step's result survives the loop, so calc
// leaves its partial results on the device and leave() adds them to the
// variable. Every other shape keeps the combine after each launch.
// RUN: %tilec --dump-ir %s | %FileCheck %s
// RUN: rm -rf %t && %tilec -o %t %s
// RUN: grep -v "^//" %t/reduction-at-leave.c | %FileCheck %s --check-prefix=HOST
// RUN: rm -rf %t-cu && %tilec --target=cuda -o %t-cu %s
// RUN: %FileCheck %s --check-prefix=CUDA < %t-cu/reduction-at-leave_tilec.cu
// RUN: %FileCheck %s --check-prefix=HEADER < %t-cu/reduction-at-leave_tilec.h
// CHECK-LABEL: region reduction_at_leave at
// CHECK: reduction + res float, combined at leave
// CHECK-LABEL: region reduction_at_leave_r2 at
// CHECK: reduction + res float{{$}}
// CHECK-LABEL: region reduction_at_leave_r3 at
// CHECK: reduction + res float{{$}}
// CHECK-LABEL: region reduction_at_leave_r4 at
// CHECK: reduction + res float{{$}}
// CHECK-LABEL: region reduction_at_leave_r5 at
// CHECK: reduction + global_res float{{$}}
// CHECK-LABEL: region reduction_at_leave_r6 at
// CHECK: reduction max res float{{$}}
// CHECK-LABEL: region reduction_at_leave_r7 at
// CHECK: reduction max res float, combined at leave
//
// The first region: enter() clears the record, calc records where the
// result goes and how many partial results the launch left, leave() reads
// them once (before the arrays) and adds them in group order.
// HOST-LABEL: float last_step(void) {
// HOST:        tilec_reduction_at_leave_calc(&tilec_region, &res);
// HOST:        tilec_reduction_at_leave_leave(&tilec_region, A, B);
// HOST:        (void)i;
// HOST-NEXT:   }
// HOST-NEXT: #line {{[0-9]+}} "{{.*}}reduction-at-leave.c"
// HOST-NEXT:   return res;
// HEADER:      struct tilec_reduction_at_leave_slab {
// HEADER:        float *tilec_partial; /* one partial result per work group */
// HEADER-NEXT:   float *tilec_combine_into; /* where leave() adds the last launch's partial results, or NULL */
// HEADER-NEXT:   size_t tilec_combine_groups; /* how many there are */
// CUDA:      static void tilec_reduction_at_leave_slab_enter(
// CUDA:        tilec_region->tilec_combine_into = NULL;
// CUDA:      /* Advances region reduction_at_leave_slab one step; leave() combines res. */
// CUDA-NEXT: static void tilec_reduction_at_leave_slab_calc(
// CUDA-NOT:    tilec_cuda_read
// CUDA:        tilec_region->tilec_combine_into = res;
// 1D regions run as slabs of x: the slab's nx - 2 calc points in groups of
// 256.
// CUDA-NEXT:   tilec_region->tilec_combine_groups = tilec_count_or_one((long long)(size_t)(((long)tilec_nx + 253) / 256));
// CUDA-NEXT: }
// CUDA:      static void tilec_reduction_at_leave_slab_leave(
// CUDA:        if (tilec_region->tilec_combine_into) {
// CUDA-NEXT:     float *tilec_groups = (float *)tilec_host_alloc(tilec_region->tilec_combine_groups * sizeof *tilec_groups);
// CUDA-NEXT:     tilec_cuda_read(tilec_groups, tilec_region->tilec_partial, tilec_region->tilec_combine_groups * sizeof *tilec_groups, "res");
// CUDA-NEXT:     for (tilec_g = 0; tilec_g < tilec_region->tilec_combine_groups; tilec_g++)
// CUDA-NEXT:       *tilec_region->tilec_combine_into += tilec_groups[tilec_g];
// CUDA-NEXT:     free(tilec_groups);
// CUDA-NEXT:   }
// CUDA-NEXT:   tilec_cuda_read(A, tilec_region->A, tilec_points * sizeof(float), "A");
// The region-level functions pass the variable to each slab in turn.
// CUDA:        tilec_reduction_at_leave_slab_calc(&tilec_region->tilec_slab[tilec_s], tilec_calc_lower, tilec_calc_upper, tilec_copy_lower, tilec_copy_upper, res);
// The region whose variable is printed every step keeps the read in calc.
// CUDA:      static void tilec_reduction_at_leave_r2_slab_calc(
// CUDA:        tilec_cuda_read(tilec_groups, tilec_region->tilec_partial, tilec_count_or_one(
#include <math.h>
#include <stdio.h>

#define N 1000
float A[N], B[N];
float global_res;

// Himeno's shape: reset, calc, copy.
float last_step(void) {
  int t, i;
  float res = 0.0f;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
    res = 0.0f;
#pragma stencil calc reduction(+:res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      res += B[i];
    }
#pragma stencil copy
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
  return res;
}

// Read in the step: every step's result is needed.
float printed(void) {
  int t, i;
  float res = 0.0f;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
    res = 0.0f;
#pragma stencil calc reduction(+:res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      res += B[i];
    }
    printf("step %d: %f\n", t, res);
  }
#pragma stencil end
  return res;
}

// Set again after calc: the last step's result is overwritten.
float reset_after(void) {
  int t, i;
  float res = 0.0f;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
    res = 0.0f;
#pragma stencil calc reduction(+:res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      res += B[i];
    }
    res = 1.0f;
  }
#pragma stencil end
  return res;
}

// Its address escapes: a callee might read it between steps.
float *watched;
float address_taken(void) {
  int t, i;
  float res = 0.0f;
  watched = &res;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
    res = 0.0f;
#pragma stencil calc reduction(+:res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      res += B[i];
    }
  }
#pragma stencil end
  return res;
}

// A global: any function may read it.
void global(void) {
  int t, i;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
    global_res = 0.0f;
#pragma stencil calc reduction(+:global_res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      global_res += B[i];
    }
  }
#pragma stencil end
}

// Never set in the step: the maximum runs over every step.
float over_all_steps(void) {
  int t, i;
  float res = -1e30f;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc reduction(max:res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      res = fmaxf(res, B[i]);
    }
  }
#pragma stencil end
  return res;
}

// Set from another variable each step, then a maximum.
float from_floor(float floor_value) {
  int t, i;
  float res;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[N]) destination(float B[N])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
    res = floor_value * 2.0f;
#pragma stencil calc reduction(max:res)
    for (i = 1; i < N - 1; i++) {
      B[i] = A[i - 1] + A[i + 1];
      res = fmaxf(res, B[i]);
    }
  }
#pragma stencil end
  return res;
}

int main(void) {
  int i;
  for (i = 0; i < N; i++)
    A[i] = (float)(i % 7);
  printf("%f %f %f %f\n", last_step(), printed(), reset_after(),
         address_taken());
  global();
  printf("%f %f %f\n", global_res, over_all_steps(), from_floor(1.0f));
  return 0;
}
