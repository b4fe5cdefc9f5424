// tilec_check_lines (runtime/include/tilec/tilec_rt.h): a streaming kernel
// with several points per work item indexes `lines` lines of the x extent
// in int; the program stops with the array, axis and limit named when they
// do not fit, and goes on when they do.
// RUN: %cc -std=c99 -Wall -Wextra -Werror -I %S/../../../runtime/include %s -o %t
// RUN: %t 429496729 5 | %FileCheck %s --check-prefix=FITS
// FITS: fits
// RUN: not %t 429496730 5 > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=REFUSED < %t.err
// REFUSED: tilec: region r: the extent of 'A' along x, nx, is 429496730; kernels with several points per work item index 5 lines of it in int, so it must be at most 429496729 (translate with one point per work item for longer lines)
// RUN: %FileCheck %s --check-prefix=UNTOUCHED --allow-empty < %t.out
// UNTOUCHED-NOT: fits
#include <stdio.h>
#include <stdlib.h>

#include "tilec/tilec_rt.h"

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  tilec_check_lines("region r", "A", "x", "nx", atoi(argv[1]), atoi(argv[2]));
  puts("fits");
  return 0;
}
