// tilec's warnings carry their -W name and obey the compiler's flags, read
// left to right; Clang's own warnings (the unused `spare` below under
// -Wall) are left to the C compiler, which compiles the output.
// RUN: rm -rf %t && %tilec -Wall -o %t/default %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: test -f %t/default/warning-flags.c
// RUN: %tilec -Wno-tilec-unused-array -o %t/off %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %tilec -Wno-tilec -o %t/off-all %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %tilec -w -o %t/w %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %tilec -o %t/after-dashes %s -- -w 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %not %tilec -Werror -o %t/werror %s 2>&1 | %FileCheck %s --check-prefix=ERROR
// RUN: test ! -e %t/werror
// RUN: %not %tilec -Werror=tilec-unused-array -o %t/werror-one %s 2>&1 | %FileCheck %s --check-prefix=ERROR
// RUN: test ! -e %t/werror-one
// RUN: %tilec -Werror -Wno-error=tilec-unused-array -o %t/demoted %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %tilec -Werror=tilec-unused-array -Wno-tilec-unused-array -o %t/last %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %tilec -Wno-tilec-unused-array -Wtilec-unused-array -o %t/again %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %tilec -Wtilec-no-such-thing -Wno-tilec-unused-array -o %t/unknown %s 2>&1 | %FileCheck %s --check-prefix=UNKNOWN
// Clang's -Werror does not turn Clang's own warnings into tilec errors.
// RUN: %tilec -Wall -Wextra -Werror -Wno-error=tilec-unused-array -Wunused-variable -o %t/clang-werror %s 2>&1 | %FileCheck %s --check-prefix=WARN
#define NX 16
float A[NX], B[NX], C[NX];

void f(void) {
  int t, i;
  int spare;
#pragma stencil begin
#pragma stencil step(t:10)
// WARN: {{.*}}warning-flags.c:[[@LINE+2]]:48: warning: array 'C' of the data clause is not used in calc or copy [-Wtilec-unused-array]
// ERROR: {{.*}}warning-flags.c:[[@LINE+1]]:48: error: array 'C' of the data clause is not used in calc or copy [-Werror,-Wtilec-unused-array]
#pragma stencil data source(float A[NX], float C[NX]) destination(float B[NX])
#pragma stencil dimension(i)
  for (t = 0; t < 10; t++) {
#pragma stencil calc
    for (i = 1; i < NX - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
#pragma stencil copy
    for (i = 1; i < NX - 1; i++)
      A[i] = B[i];
  }
#pragma stencil end
}
// WARN-NOT: {{error|warning}}:
// WARN: {{^}}1 warning generated.
// WARN-NOT: {{.}}
// QUIET-NOT: {{.}}
// ERROR-NOT: warning:
// ERROR: {{^}}1 error generated.
// UNKNOWN: tilec: warning: unknown warning option '-Wtilec-no-such-thing'; tilec's warnings: -Wtilec-step-count, -Wtilec-unused-array, -Wtilec-no-region, -Wtilec-slow-mapping
// UNKNOWN-NOT: {{.}}
