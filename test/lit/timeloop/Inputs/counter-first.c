// The counter is advanced before the sweep.
#define N 64
float A[N], B[N];

void run(void) {
  int t = 0;
#pragma stencil begin
#pragma stencil step(t:20)
#pragma stencil data(float A[N], float B[N])
#pragma stencil dimension(i)
  while (t < 20) {
    t++;
#pragma stencil calc
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.5f * A[i] + 0.25f * (A[i - 1] + A[i + 1]);
#pragma stencil copy
    for (int i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
