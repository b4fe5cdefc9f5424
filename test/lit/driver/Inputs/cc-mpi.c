/* An MPI program with a stencil region: tilec's parser must find mpi.h,
 * which only the MPI compiler wrapper knows where to find. */
#include <mpi.h>
#include <stdio.h>
#define NX 64
float A[NX], B[NX];
int main(int argc, char **argv) {
  int t, i, rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < NX; i++) {
    A[i] = (float)(i % 7);
    B[i] = 0;
  }
  /* Keep each directive on one line. */
  // clang-format off
#pragma stencil begin
#pragma stencil step(t:4)
#pragma stencil data source(float A[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 4; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = 0.5f * A[i] + 0.25f * (A[i - 1] + A[i + 1]);
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
  // clang-format on
  double sum = 0;
  for (i = 0; i < NX; i++)
    sum += A[i];
  if (rank == 0)
    printf("sum %.9e\n", sum);
  MPI_Finalize();
  return 0;
}
