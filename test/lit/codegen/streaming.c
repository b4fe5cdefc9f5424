// A 3D block one point deep (D = 1) with T = 1 streams along z: each group
// walks chunks of 32 planes with a ring of 3 planes (halo -1/+1) in local
// memory; the launch has one group per chunk in z. Halo: z -1/+1, y -1/+0,
// x -0/+1, so the ring holds 3 planes of 5 x 17.
// RUN: rm -rf %t && %tilec --params=16,4,1,1 --dump-ir -o %t %s | %FileCheck %s --check-prefix=IR
// RUN: %FileCheck %s --check-prefix=CL < %t/streaming.cl
// RUN: grep -v "^//" %t/streaming.c | %FileCheck %s --check-prefix=HOST
// IR:  mapping: blocked, work group z=1 y=4 x=16, T=1, streaming along z
// IR:  tile z=3 (halo -1/+1) y=5 (halo -1/+0) x=17 (halo -0/+1), fields A, 1020 bytes of local memory
// CL:      __local float A_tile[3][5][17];
// CL:        const int first = 1 + (int)get_group_id(2) * 32;
// CL-NEXT:   const int last = first + 32 < 69 ? first + 32 : 69;
// CL-NEXT:   for (int plane = first - 1; plane < last + 1; plane++) {
// CL-NEXT:     for (int n = lid; n < 85; n += 64) {
// CL-NEXT:       const int row = n / 17, col = n % 17;
// CL-NEXT:       const int gy = y0 + row, gx = x0 + col;
// CL-NEXT:       A_tile[plane % 3][row][col] = 0 <= gy && gy < 10 && 0 <= gx && gx < 20 ? A[plane][gy][gx] : 0;
// CL-NEXT:     }
// CL-NEXT:     barrier(CLK_LOCAL_MEM_FENCE);
// CL-NEXT:     const int i = plane - 1;
// CL-NEXT:     if (i >= first && j < 9 && k < 19) {
// CL-NEXT:       B[i][j][k] = A_tile[(i - 1) % 3][ty][tx] + A_tile[(i + 1) % 3][ty][tx] - A_tile[i % 3][ty - 1][tx + 1];
// CL-NEXT:     }
// CL:          barrier(CLK_LOCAL_MEM_FENCE);
// CL-NEXT:   }
// 68 planes in chunks of 32: 3 groups along z; 18 columns of 16 -> 2 groups
// along x, 8 rows of 4 -> 2 along y.
// HOST: const size_t tilec_calc_global[3] = {32, 8, 3};
// HOST: const size_t tilec_calc_local[3] = {16, 4, 1};
float A[70][10][20], B[70][10][20];
void f(void) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:2)
#pragma stencil data source(float A[70][10][20]) destination(float B[70][10][20])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < 2; t++) {
#pragma stencil calc
    for (i = 1; i < 69; i++)
      for (j = 1; j < 9; j++)
        for (k = 1; k < 19; k++)
          B[i][j][k] = A[i - 1][j][k] + A[i + 1][j][k] - A[i][j - 1][k + 1];
#pragma stencil copy
    for (i = 1; i < 69; i++)
      for (j = 1; j < 9; j++)
        for (k = 1; k < 19; k++)
          A[i][j][k] = B[i][j][k];
  }
#pragma stencil end
}
