// A 3D block one point deep (D = 1) streams along z. Halo: z -1/+1,
// y -1/+0, x -0/+1.
//
// T = 1: no local memory; the column's own z neighbours come from registers
// (rows[0][0] is z - 1, rows[0][2] is z + 1), the others from global memory;
// chunks of 16 planes of the window of rows the launch writes (on one
// device the calc range's 68 planes: 5 groups along z); each group owns
// its whole 16 x 4 block, and x starts at 0 (not at the calc range's 1) so
// that each group's rows start on a 128-byte boundary.
// RUN: rm -rf %t && %tilec --params=16,4,1,1 --dump-ir -o %t %s | %FileCheck %s --check-prefix=IR1
// RUN: %FileCheck %s --check-prefix=CL1 < %t/streaming.cl
// RUN: grep -v "^//" %t/streaming.c | %FileCheck %s --check-prefix=HOST1
// IR1: mapping: streamed, work group z=1 y=4 x=16, T=1, streaming along z in chunks of 16
// IR1: fields A, 0 bytes of local memory
// CL1-NOT: __local
// CL1:      const int j = 1 + (int)get_group_id(1) * 4 + ty;
// CL1:      const int k = (int)get_group_id(0) * 16 + tx;
// CL1:      const int first = tilec_i_first + (int)get_group_id(2) * 16;
// CL1-NEXT: const int last = first + 16 < tilec_i_end ? first + 16 : tilec_i_end;
// CL1:      float A_rows[1][3] =
// Groups whose rows (the step's, 3 before first up to last) and columns
// (y from 1 + 4 group_id(1), 4 of them; x from 16 group_id(0), 16) lie in
// the calc range run a copy of the row loop that tests only the rows they
// own; the rest run the general loop.
// CL1:      /* Groups whose points all lie in the calc range test nothing but the rows they own. */
// CL1-NEXT: if (first - 3 >= tilec_i_lower && last <= tilec_i_upper && 1 + (int)get_group_id(1) * 4 >= 1 && 1 + (int)get_group_id(1) * 4 + 4 <= 9 && (int)get_group_id(0) * 16 >= 1 && (int)get_group_id(0) * 16 + 16 <= 19) {
// CL1-NEXT:   #pragma unroll 2
// CL1-NEXT:   for (int row = first - 1; row < last + 2; row++) {
// CL1:          A_next = i < last + 1 ? A[i][j][k] : 0;
// CL1:          const int i = row - 2;
// CL1-NEXT:     if (i >= first && i < last) {
// CL1-NEXT:       B[i][j][k] = A_rows[0][0] + A_rows[0][2] - A[i][j - 1][k + 1];
// CL1:      } else {
// CL1-NEXT:   #pragma unroll 2
// CL1-NEXT:   for (int row = first - 1; row < last + 2; row++) {
// CL1:          A_next = i < last + 1 && 0 <= i && i < tilec_nz && 0 <= j && j < 10 && 0 <= k && k < 20 ? A[i][j][k] : 0;
// CL1:        const int i = row - 2;
// CL1-NEXT:   if (i >= first && i < last && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 8u && (unsigned)(k - 1) < 18u) {
// CL1-NEXT:     B[i][j][k] = A_rows[0][0] + A_rows[0][2] - A[i][j - 1][k + 1];
// CL1-NOT:  barrier
// HOST1: const size_t tilec_calc_global[3] = {32, 8, (size_t)(((long)(tilec_i_end - tilec_i_first) + 15) / 16)};
// HOST1: const size_t tilec_calc_local[3] = {16, 4, 1};
//
// T = 2: the stencil reads z - 1 and z + 1 only in the point's own column,
// so the levels chain (chainsStreamedLevels): step 2 works one row behind
// step 1 and takes step 1's newest row from A_new[1], computed in the same
// trip; its ring keeps 2 slots (z tile 2) of 5 x 17 (block plus halo) and
// step 2 reads the y/x neighbours from the slot written the trip before
// (1 - slot); the loop runs two rows per trip, the slot a constant of the
// unrolled inner loop. The group owns 3 x 15 points (step 2 loses the
// halo), so 8 rows need 3 groups and 18 columns 2; chunks of 32 planes.
// Ring cells are indexed from the work item's own (row ty + 1, column tx:
// halo y -1, x -0): a ring row is 5 x 17 = 85 cells, and the neighbour at
// y - 1, x + 1 is 17 - 1 = 16 cells before it.
// RUN: rm -rf %t2 && %tilec --params=16,4,1,2 --dump-ir -o %t2 %s | %FileCheck %s --check-prefix=IR2
// RUN: %FileCheck %s --check-prefix=CL2 < %t2/streaming.cl
// RUN: grep -v "^//" %t2/streaming.c | %FileCheck %s --check-prefix=HOST2
// IR2: T=2, streaming along z in chunks of 32
// IR2: tile z=2 (halo -1/+1) y=5 (halo -1/+0) x=17 (halo -0/+1), fields A, 680 bytes of local memory
// CL2:      __local float A_ring[1][2][5][17];
// CL2:      const int j = (int)get_group_id(1) * 3 + ty;
// CL2:      const int k = 1 + (int)get_group_id(0) * 15 + tx;
// CL2:      __local float *A_ring_at = &A_ring[0][0][ty + 1][tx];
// CL2:      float A_rows[2][2] =
// CL2-NOT:  unsigned slot
// The interior copy: a launch of both steps, levels' rows from 4 before
// first (level 2's first: the loop starts 2 rows early, level 2 lags 2)
// up to 2 after last (level 1's last, one row behind the loop's, whose
// last trip may take one row past last + 2), y columns from 3
// group_id(1), 4 of them, x from 1 + 15 group_id(0), 16. Step 1 updates
// every point, step 2 stores the points the group owns.
// CL2:      if (steps == 2 && first - 4 >= tilec_i_lower && last + 2 <= tilec_i_upper && (int)get_group_id(1) * 3 >= 1 && (int)get_group_id(1) * 3 + 4 <= 9 && 1 + (int)get_group_id(0) * 15 >= 1 && 1 + (int)get_group_id(0) * 15 + 16 <= 19) {
// CL2:          #pragma unroll 1
// CL2-NEXT:     for (int trip = first - 2; trip < last + 2; trip += 2) {
// CL2-NEXT:       #pragma unroll
// CL2-NEXT:       for (int slot = 0; slot < 2; slot++) {
// CL2-NEXT:         const int row = trip + slot;
// CL2:              const int i = row - 1;
// CL2-NEXT:         A_new[1] = A_rows[0][0] + A_new[0] - A[i][j - 1][k + 1];
// CL2:              const int i = row - 2;
// CL2-NEXT:         const float B_value = A_rows[1][0] + A_new[1] - A_ring_at[(1 - slot) * 85 - 16];
// CL2-NEXT:         if (i >= first && i < last && ty >= 1 && tx < 15)
// CL2-NEXT:           B[i][j][k] = B_value;
// CL2:      } else {
// CL2:          for (int trip = first - 2; trip < last + 2; trip += 2) {
// CL2:              const int i = row - 1;
// CL2-NEXT:         if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 8u && (unsigned)(k - 1) < 18u) {
// CL2-NEXT:           A_new[1] = A_rows[0][0] + A_new[0] - A[i][j - 1][k + 1];
// CL2-NEXT:         } else {
// CL2-NEXT:           A_new[1] = A_rows[0][1];
// CL2:              const int i = row - 2;
// CL2-NEXT:         const float B_value = A_rows[1][0] + A_new[1] - A_ring_at[(1 - slot) * 85 - 16];
// CL2-NEXT:         if (i >= first && i < last && ty >= 1 && tx < 15 && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 8u && (unsigned)(k - 1) < 18u)
// CL2-NEXT:           B[i][j][k] = 2 <= steps ? B_value : A_rows[1][1];
// CL2:                A_rows[level][0] = A_rows[level][1];
// CL2-NEXT:         A_rows[level][1] = A_new[level];
// CL2:                A_ring_at[((level - 1) * 2 + slot) * 85] = A_new[level];
// CL2-NEXT:     }
// CL2-NEXT:     barrier(CLK_LOCAL_MEM_FENCE);
// CL2-NOT:  slot = slot + 1
// HOST2: const size_t tilec_calc_global[3] = {32, 12, (size_t)(((long)(tilec_i_end - tilec_i_first) + 31) / 32)};
// HOST2: const size_t tilec_calc_local[3] = {16, 4, 1};
//
// Levels stay two rows apart, in a ring of 4 slots named by a counter,
// where a level reads rows above or below off the point's own column (a
// 27-point box), in a ping-pong pair, and in 2D (chainsStreamedLevels).
// RUN: rm -rf %t.box && %tilec --params=16,4,1,2 -o %t.box %S/../e2e/stream-box3d.c -- -DNX=13 -DNY=17 -DNZ=9 -DSTEPS=5
// RUN: %FileCheck %s --check-prefix=UNCHAINED < %t.box/stream-box3d.cl
// RUN: rm -rf %t.pair && %tilec --params=16,4,1,2 -o %t.pair %S/../e2e/Inputs/heat-3d.c -- -DN=20 -I%S/../e2e/Inputs
// RUN: %FileCheck %s --check-prefix=UNCHAINED < %t.pair/heat-3d.cl
// RUN: rm -rf %t.2d && %tilec --params=32,1,1,4 -o %t.2d %samples/heat2d/heat2d.c -- -DNX=100 -DNY=90
// RUN: %FileCheck %s --check-prefix=UNCHAINED < %t.2d/heat2d.cl
// UNCHAINED:     _ring[{{[0-9]+}}][4]
// UNCHAINED:     unsigned slot = 0;
// UNCHAINED-NOT: for (int trip
// UNCHAINED:     slot = slot + 1 == 4 ? 0 : slot + 1;
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
