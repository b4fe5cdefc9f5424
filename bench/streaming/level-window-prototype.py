#!/usr/bin/env python3
"""The prototype of level windows in the 2D streaming kernel: rewrites the
interior row loop of a single-stage 2D kernel of tilec's CUDA output (levels
two rows apart, a stencil reaching one row either way) so that each level
runs only in the trips whose row some later level, or the output, needs.

A group owning rows [first, last) walks trips first - T .. last + 2T, and
level l works on row (trip - 2l); the rows of level l that the output needs
are [first - (T - l), last + (T - l)), so level l has work in trips
[first - T + 3l, last + T + l) and computes junk in the other 2l + T - l
trips. The tests are the same in every work item of a group (no divergence),
so a warp skips the level's shared-memory reads, its write and its
arithmetic there.

    python3 bench/streaming/level-window-prototype.py DIR/cuda/NAME_tilec.cu

in a bench/c-output directory, before run.sh there. Prints how many of the
four rewrites it made (each must be 1)."""
import re
import sys

path = sys.argv[1]
s = open(path).read()
m = re.search(r'if \(steps == (\d+) && first - \d+ >= tilec_j_lower[^\n]*\{\n', s)
T = int(m.group(1))
start = m.end()
end = s.index('} else {', start)
body = s[start:end]
counts = []
body, n = re.subn(r'\{\n(\s*)const int j = row - 2;\n',
                  r'if (row >= first - %d && row < last + %d) {\n\1const int j = row - 2;\n' % (T - 3, T + 1),
                  body)
counts.append(n)
body, n = re.subn(r'(for \(int level = 2; level < %d; level\+\+\) \{\n)(\s*)' % T,
                  r'\1\2if (row < first - %d + 3 * level || row >= last + %d + level)\n\2  continue;\n\2' % (T, T),
                  body)
counts.append(n)
body, n = re.subn(r'\{\n(\s*)const int j = row - %d;\n' % (2 * T),
                  r'if (row >= first + %d) {\n\1const int j = row - %d;\n' % (2 * T, 2 * T), body)
counts.append(n)
body, n = re.subn(r'if \(level > 0\)\n',
                  r'if (level > 0 && row >= first - %d + 3 * level && row < last + %d + level)\n' % (T, T),
                  body)
counts.append(n)
s = s[:start] + body + s[end:]
open(path, 'w').write(s)
print(path, 'T', T, 'rewrites', counts)
sys.exit(0 if counts == [1, 1, 1, 1] else 1)
