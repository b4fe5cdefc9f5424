#!/usr/bin/env python3
"""The prototype of several points per work item along x in the 2D
streaming kernel, with rings laid out by point: rewrites the CUDA output of
a tilec whose 3D-only check on P was relaxed (SpatialBlocking.cpp) so that
work item t's point p keeps its cell of each ring row in part p of the row
(`A_ring[level][slot][p][t + 1]`) instead of at `P * t + p`. A point reads
the ring only for its neighbour in the next work item (the first point the
previous work item's last, the last point the next one's first), so those
reads, and the writes, are consecutive across a warp (no bank conflicts:
doubles at a stride of 16 bytes share banks two ways), and points between
the first and the last write nothing. Also drops the launch bounds the 3D
kernel of several points gets (64 registers), which 2D in double at T = 8
cannot keep.

    python3 bench/streaming/points-x-prototype.py FILE

Prints what it found; exits non-zero unless it rewrote every part."""
import re
import sys

path = sys.argv[1]
s = open(path).read()
counts = []
s, n = re.subn(r'__launch_bounds__\(\d+, \d+\) ', '', s)
counts.append(n)
P = int(re.search(r'tx_first = \(int\)threadIdx\.x \* (\d+);', s).group(1))
m = re.search(r'__shared__ (\w+) A_ring\[(\d+)\]\[(\d+)\]\[(\d+)\];', s)
R = int(m.group(4))
W = (R - 2) // P
part = W + 2
s = s.replace(m.group(0), '__shared__ %s A_ring[%s][%s][%d][%d];' % (m.group(1), m.group(2), m.group(3), P, part))
s, n = re.subn(r'(\w+) \*A_ring_at = &A_ring\[0\]\[0\]\[tx \+ 1\];', r'\1 *A_ring_at = &A_ring[0][0][p][(int)threadIdx.x + 1];', s)
counts.append(n)
s, n = re.subn(r'\* %d - 1\]' % R, '* %d + %d]' % (P * part, (P - 1) * part - 1), s)
counts.append(n)
s, n = re.subn(r'\* %d \+ 1\]' % R, '* %d - %d]' % (P * part, (P - 1) * part - 1), s)
counts.append(n)
s, n = re.subn(r'\* %d\] = ' % R, '* %d] = ' % (P * part), s)
counts.append(n)
if P > 2:
    s = s.replace('if (level > 0)\n', 'if (level > 0 && (p == 0 || p == %d))\n' % (P - 1))
open(path, 'w').write(s)
print(path, 'P', P, 'W', W, 'rewrites', counts)
sys.exit(0 if all(counts) and re.search(r'\* %d[^0-9]' % R, s) is None else 1)
