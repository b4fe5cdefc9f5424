// Loop forms the front end accepts: `<=` and reversed conditions, pre- and
// post-increment, `+= 1`, loop variables declared in the loop, the nest in
// another order than the dimension list, a type other than int, and a step
// count from a macro expression.
// RUN: %tilec --dump-ir %s | %FileCheck %s
// CHECK:      axis y: var y (long), extent 10, calc [1, 10)
// CHECK-NEXT: axis x: var x (int), extent 12, calc [0, 11)
// CHECK-NEXT: time t: 12 steps, loop `for (int t = 0; t < STEPS; ++t)`
// CHECK:      field A double[10][12] source, halo y -1/+0 x -0/+1
// CHECK:      B[y][x] = A[y - 1][x] + A[y][x + 1];
// CHECK:      copy y [1, 10) x [0, 11)
#define STEPS (3 * 4)
double A[10][12], B[10][12];
void f(void) {
  long y;
#pragma stencil begin
#pragma stencil step(t:STEPS)
#pragma stencil data source(double A[10][12]) destination(double B[10][12])
#pragma stencil dimension(y, x)
  for (int t = 0; t < STEPS; ++t) {
#pragma stencil calc
    for (int x = 0; 11 > x; x += 1)
      for (y = 1; y <= 9; y++)
        B[y][x] = A[y - 1][x] + A[y][x + 1];
#pragma stencil copy
    for (y = 1; y < 10; ++y)
      for (int x = 0; x < 11; x++)
        A[y][x] = B[y][x];
  }
#pragma stencil end
  (void)y;
}
