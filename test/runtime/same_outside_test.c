/* tilec_same_outside (tilec_rt.h): two arrays agree outside a box exactly
 * when no point outside it differs, in every position a point can take
 * (each face, edge and corner), and wherever the box is empty. */
#include "tilec/tilec_rt.h"

#include <stdio.h>

enum { N0 = 5, N1 = 6, N2 = 7 };

static float a[N0][N1][N2], b[N0][N1][N2];
static int failures;

static void expect(int got, int want, const char *what, int i, int j, int k) {
  if (got == want)
    return;
  fprintf(stderr, "FAIL: %s at (%d, %d, %d): got %d, want %d\n", what, i, j, k,
          got, want);
  failures++;
}

/* The box [1, 4) x [2, 5) x [1, 6): each axis has a point below and above. */
static int same_outside_box(void) {
  return tilec_same_outside(a, b, sizeof(float), N0, N1, N2, 1, 4, 2, 5, 1, 6);
}

int main(void) {
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N2; k++)
        a[i][j][k] = b[i][j][k] = (float)(i * 100 + j * 10 + k);
  expect(same_outside_box(), 1, "equal arrays", -1, -1, -1);
  /* Every point in turn differs: the answer is whether it lies outside. */
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N2; k++) {
        int inside = i >= 1 && i < 4 && j >= 2 && j < 5 && k >= 1 && k < 6;
        b[i][j][k] += 1.0f;
        expect(same_outside_box(), inside, "one point differs", i, j, k);
        /* An empty box: every point counts. */
        expect(tilec_same_outside(a, b, sizeof(float), N0, N1, N2, 1, 4, 3, 3,
                                  1, 6),
               0, "empty box", i, j, k);
        b[i][j][k] = a[i][j][k];
      }
  /* The bytes count, not the values: -0.0 and 0.0 differ. */
  a[0][0][0] = 0.0f;
  b[0][0][0] = -0.0f;
  expect(same_outside_box(), 0, "signed zeros", 0, 0, 0);
  /* 1D and 2D arrays pass extents of 1 and a box of [0, 1). */
  b[0][0][0] = a[0][0][0];
  expect(tilec_same_outside(a, b, sizeof(float), 1, 1, N2, 0, 1, 0, 1, 1, 6), 1,
         "1D row", 0, 0, -1);
  b[0][0][6] += 1.0f;
  expect(tilec_same_outside(a, b, sizeof(float), 1, 1, N2, 0, 1, 0, 1, 1, 6), 0,
         "1D row", 0, 0, 6);
  if (failures)
    return 1;
  printf("tilec_same_outside: all cases pass\n");
  return 0;
}
