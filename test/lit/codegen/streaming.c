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
// IR1: mapping: blocked, work group z=1 y=4 x=16, T=1, streaming along z in chunks of 16
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
// T = 2: step 1 keeps its planes in a ring of 4 (z reach 3 plus the one
// being written) of 5 x 17 (block plus halo); step 2 reads the y/x
// neighbours from the ring, written two iterations back (slot + 2 of 4);
// the group owns 3 x 15 points (step 2 loses the halo), so 8 rows need 3
// groups and 18 columns 2; chunks of 32 planes. Ring cells are indexed from
// the work item's own (row ty + 1, column tx: halo y -1, x -0): a ring row
// is 5 x 17 = 85 cells, and the neighbour at y - 1, x + 1 is 17 - 1 = 16
// cells before it.
// RUN: rm -rf %t2 && %tilec --params=16,4,1,2 --dump-ir -o %t2 %s | %FileCheck %s --check-prefix=IR2
// RUN: %FileCheck %s --check-prefix=CL2 < %t2/streaming.cl
// RUN: grep -v "^//" %t2/streaming.c | %FileCheck %s --check-prefix=HOST2
// IR2: T=2, streaming along z in chunks of 32
// IR2: tile z=4 (halo -1/+1) y=5 (halo -1/+0) x=17 (halo -0/+1), fields A, 1360 bytes of local memory
// CL2:      __local float A_ring[1][4][5][17];
// CL2:      const int j = (int)get_group_id(1) * 3 + ty;
// CL2:      const int k = 1 + (int)get_group_id(0) * 15 + tx;
// CL2:      __local float *A_ring_at = &A_ring[0][0][ty + 1][tx];
// The interior copy: a launch of both steps, levels' rows from 6 before
// first (level 2's first) up to 2 after last (level 1's last), y columns
// from 3 group_id(1), 4 of them, x from 1 + 15 group_id(0), 16. Step 1
// updates every point, step 2 stores the points the group owns.
// CL2:      if (steps == 2 && first - 6 >= tilec_i_lower && last + 2 <= tilec_i_upper && (int)get_group_id(1) * 3 >= 1 && (int)get_group_id(1) * 3 + 4 <= 9 && 1 + (int)get_group_id(0) * 15 >= 1 && 1 + (int)get_group_id(0) * 15 + 16 <= 19) {
// CL2:          const int i = row - 2;
// CL2-NEXT:     A_new[1] = A_rows[0][0] + A_rows[0][2] - A[i][j - 1][k + 1];
// CL2:          const int i = row - 4;
// CL2-NEXT:     const float B_value = A_rows[1][0] + A_rows[1][2] - A_ring_at[(int)((slot + 2) % 4) * 85 - 16];
// CL2-NEXT:     if (i >= first && i < last && ty >= 1 && tx < 15)
// CL2-NEXT:       B[i][j][k] = B_value;
// CL2:      } else {
// CL2:      for (int row = first - 2; row < last + 4; row++) {
// CL2:          const int i = row - 2;
// CL2-NEXT:     if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 8u && (unsigned)(k - 1) < 18u) {
// CL2-NEXT:       A_new[1] = A_rows[0][0] + A_rows[0][2] - A[i][j - 1][k + 1];
// CL2-NEXT:     } else {
// CL2-NEXT:       A_new[1] = A_rows[0][1];
// CL2:          const int i = row - 4;
// CL2-NEXT:     const float B_value = A_rows[1][0] + A_rows[1][2] - A_ring_at[(int)((slot + 2) % 4) * 85 - 16];
// CL2-NEXT:     if (i >= first && i < last && ty >= 1 && tx < 15 && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 8u && (unsigned)(k - 1) < 18u)
// CL2-NEXT:       B[i][j][k] = 2 <= steps ? B_value : A_rows[1][1];
// CL2:            A_ring_at[((level - 1) * 4 + slot) * 85] = A_new[level];
// CL2:        slot = slot + 1 == 4 ? 0 : slot + 1;
// CL2-NEXT:   barrier(CLK_LOCAL_MEM_FENCE);
// HOST2: const size_t tilec_calc_global[3] = {32, 12, (size_t)(((long)(tilec_i_end - tilec_i_first) + 31) / 32)};
// HOST2: const size_t tilec_calc_local[3] = {16, 4, 1};
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
