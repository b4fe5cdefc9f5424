// Streaming levels past the first compute their value in every work item
// and then select it, where the update reads nothing but the streamed
// field's registers and ring (StreamedKernel::selectedField): no memory
// access needs a guard, and nvcc predicates instead of branching around
// the arithmetic.
//
// heat3d at T = 3: step 2 selects its value or the row below's (outside
// the calc range or past the launch's steps); step 3 stores where the
// group owns the point, its value or, for a launch of fewer steps, the row
// below. heat3d's levels chain (chainsStreamedLevels): each works one row
// behind the level below and takes that level's newest row from A_new.
// RUN: rm -rf %t-h && %tilec --params=16,8,1,3 -o %t-h %samples/heat3d/heat3d.c -- -DNX=30 -DNY=20 -DNZ=40
// RUN: %FileCheck %s --check-prefix=HEAT < %t-h/heat3d.cl
// HEAT:      const int i = row - level;
// HEAT-NEXT: const float B_value = C0 * A_rows[level - 1][1] + C1 * (A_rows[level - 1][0] + A_new[level - 1] + A_ring_at[{{.*}}]);
// HEAT-NEXT: A_new[level] = level <= steps && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 18u && (unsigned)(k - 1) < 28u ? B_value : A_rows[level - 1][1];
// HEAT:      const int i = row - 3;
// HEAT-NEXT: const float B_value = C0 * A_rows[2][1] + C1 * (A_rows[2][0] + A_new[2] + A_ring_at[{{.*}}]);
// HEAT-NEXT: if (i >= first && i < last && {{.*}} && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 18u && (unsigned)(k - 1) < 28u)
// HEAT-NEXT:   B[i][j][k] = 3 <= steps ? B_value : A_rows[2][1];
//
// A ping-pong pair's edge groups select the boundary value of the sweep
// outside the calc range; it is read only there.
// RUN: rm -rf %t.j && %tilec --params=32,1,1,4 -o %t.j %samples/jacobi2d/jacobi2d.c -- -DN=100
// RUN: %FileCheck %s --check-prefix=PAIR < %t.j/jacobi2d.cl
// PAIR:      const float B_value = 0.2f * (A_rows[level - 1][1] + {{.*}});
// PAIR-NEXT: A_new[level] = level <= steps && {{.*}} ? B_value : (level > steps ? A_rows[level - 1][1] : (boundary[level]));
// Interior groups in a launch of all T sweeps take the value as it is;
// the other groups select it.
// PAIR:      const float B_value = 0.2f * (A_rows[level - 1][1] + {{.*}});
// PAIR-NEXT: A_new[level] = B_value;
// PAIR:      const float B_value = 0.2f * (A_rows[level - 1][1] + {{.*}});
// PAIR-NEXT: A_new[level] = level <= steps && {{.*}} ? B_value : A_rows[level - 1][1];
//
// Without the prefetch (several points per work item, or T > 4), edge
// groups compute each level as other groups do and then load the sweep's
// boundary where the point lies outside the calc range but inside the
// arrays: the other array's on odd sweeps, the input's on even ones.
// RUN: rm -rf %t.p && %tilec --params=32,4,1,3,4 -o %t.p %S/../e2e/Inputs/heat-3d.c -- -DN=40 -I%S/../e2e/Inputs
// RUN: %FileCheck %s --check-prefix=POINTS < %t.p/heat-3d.cl
// With several points each column's place is one number (0 owned, 1 in
// the calc range, 2 in the arrays, 3 outside), and a point shows the
// boundary where the farther of its row's place and its column's is 2.
// POINTS:      column_where[p] = !(0 <= j && j < 40 && 0 <= k && k < 40) ? 3 : !((unsigned)(j - 1) < 38u && (unsigned)(k - 1) < 38u) ? 2 : !(ty >= 2 && ty < 14 && tx >= 2 && tx < 30) ? 1 : 0;
// POINTS:      if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && column_where[p] < 2) {
// POINTS:      } else {
// POINTS-NEXT:   A_new[p][1] = A_rows[p][0][1];
// POINTS-NEXT: }
// POINTS-NEXT: {
// POINTS-NEXT:   const int row_where = !(0 <= i && i < tilec_nz) ? 3 : !((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower)) ? 2 : 0;
// POINTS-NEXT:   if ((row_where > column_where[p] ? row_where : column_where[p]) == 2)
// POINTS-NEXT:     A_new[p][1] = B_boundary[i][j][k];
// POINTS:      A_new[p][level] = level <= steps && (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && column_where[p] < 2 ? B_value : A_rows[p][level - 1][1];
// POINTS-NEXT: {
// POINTS-NEXT:   const int row_where = level > steps ? 3 : !(0 <= i && i < tilec_nz) ? 3 : !((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower)) ? 2 : 0;
// POINTS-NEXT:   if ((row_where > column_where[p] ? row_where : column_where[p]) == 2)
// POINTS-NEXT:     A_new[p][level] = (level) % 2 ? B_boundary[i][j][k] : A[i][j][k];
// RUN: rm -rf %t.8 && %tilec --params=64,1,1,8 -o %t.8 %samples/jacobi2d/jacobi2d.c -- -DN=300
// RUN: %FileCheck %s --check-prefix=DEEP < %t.8/jacobi2d.cl
// DEEP:      A_new[level] = level <= steps && {{.*}} ? B_value : A_rows[level - 1][1];
// DEEP-NEXT: if (level <= steps && !((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && (unsigned)(j - 1) < 298u) && 0 <= i && i < tilec_ny && 0 <= j && j < 300)
// DEEP-NEXT:   A_new[level] = (level) % 2 ? B_boundary[i][j] : A[i][j];
//
// An update that reads another field (a coefficient) from global memory
// keeps the test around it: the read would fall outside the arrays.
// RUN: rm -rf %t.coef && %tilec --params=16,4,1,2 -o %t.coef %s
// RUN: %FileCheck %s --check-prefix=COEF < %t.coef/stream-select.cl
// Interior groups in a launch of both steps read it unguarded: their
// rows, 4 before first to 2 after last (the levels chain, one row apart),
// lie in the calc range.
// COEF:      if (steps == 2 && first - 4 >= tilec_i_lower && last + 2 <= tilec_i_upper && {{.*}}) {
// COEF:        const int i = row - 1;
// COEF-NEXT:   A_new[1] = A_rows[0][1] + c[i][j][k] * (A_rows[0][0] + A_new[0] - 2.0f * A_rows[0][1]);
// COEF:        const int i = row - 2;
// COEF-NEXT:   if (i >= first && i < last) {
// COEF-NEXT:     B[i][j][k] = A_rows[1][1] + c[i][j][k] * (A_rows[1][0] + A_new[1] - 2.0f * A_rows[1][1]);
// COEF:      } else {
// COEF:      const int i = row - 2;
// COEF-NEXT: if (i >= first && i < last && {{.*}}) {
// COEF-NEXT:   if (2 <= steps) {
// COEF-NEXT:     B[i][j][k] = A_rows[1][1] + c[i][j][k] * (A_rows[1][0] + A_new[1] - 2.0f * A_rows[1][1]);
// COEF-NEXT:   } else {
// COEF-NEXT:     B[i][j][k] = A_rows[1][1];
// COEF-NOT:  B_value
float A[40][20][24], B[40][20][24], c[40][20][24];
void diffuse(void) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:6)
#pragma stencil data source(float A[40][20][24], float c[40][20][24]) destination(float B[40][20][24])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < 6; t++) {
#pragma stencil calc
    for (i = 1; i < 39; i++)
      for (j = 1; j < 19; j++)
        for (k = 1; k < 23; k++)
          B[i][j][k] = A[i][j][k] + c[i][j][k] * (A[i - 1][j][k] + A[i + 1][j][k] - 2.0f * A[i][j][k]);
#pragma stencil copy
    for (i = 1; i < 39; i++)
      for (j = 1; j < 19; j++)
        for (k = 1; k < 23; k++)
          A[i][j][k] = B[i][j][k];
  }
#pragma stencil end
}
