/* A 2D Jacobi relaxation written the way C programs are, in constructs that
 * C accepts and C++ does not: the grids come from malloc without a cast,
 * the kernel function takes `restrict` array parameters named `new` and
 * `old`, the diffusion coefficient is called `class`, the options struct
 * is initialised with designators out of order, a flag is a `_Bool`, and
 * the initialisation goes through a variable-length array parameter. The
 * read-only conductivity field is called `local`, a reserved word of
 * OpenCL C. It asks for POSIX's clock_gettime with a feature-test macro,
 * which must come before every system header. Prints a checksum and sample
 * points; the time goes to stderr. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef NX
#define NX 61
#endif
#ifndef NY
#define NY 47
#endif
#ifndef TSTEPS
#define TSTEPS 9
#endif

struct options {
  int steps;
  float weight;
  _Bool verbose;
};

static void init_grid(int ny, int nx, float grid[restrict ny][nx], int seed) {
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      grid[y][x] = (float)((x * 7 + y * 13 + seed) % 17) / 17.0f;
}

static void kernel_jacobi(float new[restrict NY][NX], float old[restrict NY][NX],
                          float local[restrict NY][NX], float class) {
  int t, y, x;
#pragma stencil begin
#pragma stencil step(t:TSTEPS)
#pragma stencil data source(float old[NY][NX], float local[NY][NX]) destination(float new[NY][NX])
#pragma stencil dimension(y, x)
  for (t = 0; t < TSTEPS; t++) {
#pragma stencil calc
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
        new[y][x] = old[y][x] + class * local[y][x] *
                                    (old[y - 1][x] + old[y + 1][x] +
                                     old[y][x - 1] + old[y][x + 1] -
                                     4.0f * old[y][x]);
#pragma stencil copy
    for (y = 1; y < NY - 1; y++)
      for (x = 1; x < NX - 1; x++)
        old[y][x] = new[y][x];
  }
#pragma stencil end
}

int main(void) {
  struct options opt = {.weight = 0.2f, .verbose = 0, .steps = TSTEPS};
  float (*old)[NX] = malloc(sizeof(float[NY][NX]));
  float (*new)[NX] = malloc(sizeof(float[NY][NX]));
  float (*local)[NX] = malloc(sizeof(float[NY][NX]));
  if (!old || !new || !local)
    return 1;
  init_grid(NY, NX, old, 0);
  init_grid(NY, NX, new, 5);
  init_grid(NY, NX, local, 11);
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  kernel_jacobi(new, old, local, opt.weight);
  clock_gettime(CLOCK_MONOTONIC, &end);
  fprintf(stderr, "jacobi2d time %.6f s\n",
          (double)(end.tv_sec - start.tv_sec) +
              1e-9 * (double)(end.tv_nsec - start.tv_nsec));

  double sum = 0.0;
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      sum += (double)old[y][x] + (double)new[y][x];
  if (opt.verbose)
    fprintf(stderr, "%d steps\n", opt.steps);
  printf("checksum %.9e\n", sum);
  for (int y = 0; y < NY; y += 5)
    for (int x = 0; x < NX; x += 7)
      printf("old[%d][%d] %.9e new %.9e\n", y, x, (double)old[y][x],
             (double)new[y][x]);
  free(old);
  free(new);
  free(local);
  return 0;
}
