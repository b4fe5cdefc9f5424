// A for loop that also stops at convergence (a sum of squared changes).
#define N 64
double A[N], B[N];

int run(void) {
  int it;
  double res = 1.0;
#pragma stencil begin
#pragma stencil step(it:50)
#pragma stencil data(double A[N], double B[N])
#pragma stencil dimension(i)
  for (it = 0; it < 50 && res > 1e-6; it++) {
    res = 0.0;
#pragma stencil calc reduction(+:res)
    for (int i = 1; i < N - 1; i++) {
      B[i] = 0.5 * (A[i - 1] + A[i + 1]);
      res += (B[i] - A[i]) * (B[i] - A[i]);
    }
#pragma stencil copy
    for (int i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
  return it;
}
