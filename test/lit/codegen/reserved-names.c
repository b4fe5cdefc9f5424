// C identifiers that C++ (CUDA) or OpenCL C reserve: the device code renames
// them (a field, a captured scalar, a local, a loop variable and the
// reduction variable), the user's file keeps them. Both outputs compile with
// warnings as errors, and the OpenCL one runs on pocl like the serial build.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %tilec --target=cuda --device=h200 -o %t/cuda %s
// RUN: %FileCheck %s --check-prefix=CU < %t/cuda/reserved-names_tilec.cu
// RUN: grep -v "^//" %t/cuda/reserved-names.c | %FileCheck %s --check-prefix=C
// RUN: %cc -std=c11 -pedantic -Wall -Wextra -Werror -c -I %S/../../../runtime/include %t/cuda/reserved-names.c -o %t/cuda/c.o
// RUN: %nvcc -arch=sm_90 -c -Werror all-warnings -Xcompiler=-Wall,-Wextra,-Werror -I %S/../../../runtime/include %t/cuda/reserved-names_tilec.cu -o %t/cuda/cu.o
// RUN: %tilec --target=opencl -o %t/ocl %s
// RUN: %FileCheck %s --check-prefix=CL < %t/ocl/reserved-names.cl
// RUN: %cc -std=c11 -Wall -Wextra -Werror %t/ocl/reserved-names.c %runtime_flags -o %t/ocl/program
// RUN: %cc -Wno-unknown-pragmas %s -o %t/serial -lm
// RUN: %t/serial > %t/serial.out && %t/ocl/program > %t/ocl.out
// RUN: %python %S/../../e2e/compare_outputs.py %t/serial.out %t/ocl.out

// CU:      __global__ void reserved_names_slab_calc(const float *__restrict__ old_data,
// CU-NEXT:     const float *__restrict__ global_data,
// CU-NEXT:     float *__restrict__ new__data,
// CU-NEXT:     const float class_,
// CU-NEXT:     const int tilec_y_lower,
// CU-NEXT:     const int tilec_y_upper,
// CU-NEXT:     float *__restrict__ delete__partial,
// CU-NEXT:     const int tilec_ny) {
// CU:        float (*new_)[40] = (float (*)[40])new__data;
// CU:        const int private_ = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
// CU:        float this_ = old[y][private_ - 1] + old[y][private_ + 1];
// CU:        delete_ += this_;
// CU:        new_[y][private_] = __fmul_rn(class_, this_) + global[y][private_];
// CU:      static void tilec_reserved_names_slab_calc(struct tilec_reserved_names_slab *tilec_region, float class_, int tilec_y_lower, int tilec_y_upper, float *delete_) {
// CU:          *delete_ += tilec_groups[tilec_g];
// CU:      extern "C" void tilec_reserved_names_calc(struct tilec_reserved_names *tilec_region, float class_, float *delete_) {
// CU:        tilec_reserved_names_slab_calc(&tilec_region->tilec_slab[tilec_s], class_, tilec_calc_lower, tilec_calc_upper, delete_);

// The user's file keeps every name.
// C:      tilec_reserved_names_enter(&tilec_region, old, global, new);
// C:        tilec_reserved_names_calc(&tilec_region, class, &delete);
// C:      tilec_reserved_names_leave(&tilec_region, new);

// CL:      __kernel void reserved_names_slab_calc(__global const float *restrict old_data,
// CL-NEXT:     __global const float *restrict global__data,
// CL-NEXT:     __global float *restrict new_data,
// CL-NEXT:     const float class,
// CL-NEXT:     const int tilec_y_lower,
// CL-NEXT:     const int tilec_y_upper,
// CL-NEXT:     __global float *restrict delete_partial,
// CL-NEXT:     const int tilec_ny) {
// CL:        const int private_ = 1 + (int)get_global_id(0);
// CL:        new[y][private_] = class * this + global_[y][private_];
#include <stdio.h>

float old[8][40], new[8][40], global[8][40];

static float relax(float class) {
  int t, y, private;
  float delete = 0.0f;
#pragma stencil begin
#pragma stencil step(t:3)
#pragma stencil data source(float old[8][40], float global[8][40]) destination(float new[8][40])
#pragma stencil dimension(y, private)
  for (t = 0; t < 3; t++) {
#pragma stencil calc reduction(+:delete)
    for (y = 1; y < 7; y++)
      for (private = 1; private < 39; private++) {
        float this = old[y][private - 1] + old[y][private + 1];
        delete += this;
        new[y][private] = class * this + global[y][private];
      }
  }
#pragma stencil end
  return delete;
}

int main(void) {
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 40; x++) {
      old[y][x] = (float)((x * 3 + y * 5) % 11);
      global[y][x] = (float)(x % 3) * 0.25f;
    }
  float sum = relax(0.125f);
  printf("sum %.9e\n", (double)sum);
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 40; x += 3)
      printf("new[%d][%d] %.9e\n", y, x, (double)new[y][x]);
  return 0;
}
