// The blocked mapping in the IR and in --dump-params: the tile is the block
// plus the halo times T on each side, in local memory twice when T > 1.
// RUN: %tilec --params=16,4,1,3 --dump-ir --dump-params %s | %FileCheck %s
// RUN: %tilec --params=16,4,1,1 --dump-ir --dump-params %s | %FileCheck %s --check-prefix=T1
// RUN: %tilec --dump-params %s | %FileCheck %s --check-prefix=DEFAULT
// Block y=4 x=16; halo y -1/+2, x -3/+1; T=3: tile y = 4 + 3*3 = 13,
// x = 16 + 4*3 = 28; 2 copies * 13 * 28 floats = 2912 bytes.
// CHECK:      mapping: blocked, work group y=4 x=16, T=3
// CHECK-NEXT: tile y=13 (halo -1/+2) x=28 (halo -3/+1), fields A, 2912 bytes of local memory
// CHECK:      # blocking (blocking.c:{{[0-9]+}}): blocked mapping
// CHECK-NEXT: 16,4,1,3
// T1:         tile y=7 (halo -1/+2) x=20 (halo -3/+1), fields A, 560 bytes of local memory
// T1:         16,4,1,1
// DEFAULT:    naive
float A[40][50], B[40][50];
void f(void) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:10)
#pragma stencil data source(float A[40][50]) destination(float B[40][50])
#pragma stencil dimension(y, x)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (y = 1; y < 38; y++)
      for (x = 3; x < 49; x++)
        B[y][x] = A[y - 1][x] + A[y + 2][x] - A[y][x - 3] * A[y][x + 1];
#pragma stencil copy
    for (y = 1; y < 38; y++)
      for (x = 3; x < 49; x++)
        A[y][x] = B[y][x];
  }
#pragma stencil end
}
