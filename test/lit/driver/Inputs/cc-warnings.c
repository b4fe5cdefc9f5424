/* Warnings of two kinds through tilec-cc: an unused variable in the user's
 * C (the C compiler's -Wunused-variable, line 12 column 7) and an array of
 * the data clause that the loops never use (tilec's -Wtilec-unused-array,
 * line 16 column 48). tilec-cc-args.test names these lines. */
#define NX 32
float A[NX], B[NX], C[NX];

int main(void) {
  int t, i;
  /* Keep each directive on one line. */
  // clang-format off
  int unused_here;
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil dimension(i)
#pragma stencil data source(float A[NX], float C[NX]) destination(float B[NX])
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
  // clang-format on
  return 0;
}
