/* Set-up and output: plain C, no region. */
#include <stdio.h>

#include "heat.h"

static float A[NY][NX], B[NY][NX];

void heat_init(float A[NY][NX], float B[NY][NX]) {
  int j, i;
  for (j = 0; j < NY; j++)
    for (i = 0; i < NX; i++) {
      A[j][i] = (float)((j * 7 + i * 13) % 17) / 17.0f;
      B[j][i] = -1.0f;
    }
}

void heat_report(const char *name, float v[NY][NX]) {
  double sum = 0.0;
  int j, i;
  for (j = 0; j < NY; j++)
    for (i = 0; i < NX; i++)
      sum += v[j][i];
  printf("%s sum %.9e\n", name, sum);
  printf("%s[1][1] %.9e\n", name, (double)v[1][1]);
  printf("%s[%d][%d] %.9e\n", name, NY / 2, NX / 2, (double)v[NY / 2][NX / 2]);
}

int main(void) {
  heat_init(A, B);
  heat_run(A, B);
  printf("heat nx=%d ny=%d steps=%d\n", NX, NY, STEPS);
  heat_report("A", A);
  heat_report("B", B);
  return 0;
}
